// From what the code imports to what an installer installs: a Python module to its PyPI name (they
// often differ: `import telegram` is python-telegram-bot), a JS specifier to its npm package.

import { builtinModules } from 'node:module';
import validateNpmPackageName from 'validate-npm-package-name';
import { PYTHON_STDLIB } from './python-stdlib';

/** Import name -> PyPI name where the two differ. Dotted keys are namespace packages (google.*). */
export const PYPI_NAMES: Readonly<Record<string, string>> = {
  telegram: 'python-telegram-bot',
  discord: 'discord.py',
  dotenv: 'python-dotenv',
  PIL: 'pillow',
  yaml: 'pyyaml',
  bs4: 'beautifulsoup4',
  cv2: 'opencv-python',
  sklearn: 'scikit-learn',
  skimage: 'scikit-image',
  slack_bolt: 'slack-bolt',
  slack_sdk: 'slack-sdk',
  slack: 'slackclient',
  googleapiclient: 'google-api-python-client',
  google_auth_oauthlib: 'google-auth-oauthlib',
  'google.auth': 'google-auth',
  'google.oauth2': 'google-auth',
  'google.generativeai': 'google-generativeai',
  'google.genai': 'google-genai',
  'google.protobuf': 'protobuf',
  dateutil: 'python-dateutil',
  jwt: 'PyJWT',
  Crypto: 'pycryptodome',
  Cryptodome: 'pycryptodomex',
  OpenSSL: 'pyOpenSSL',
  nacl: 'PyNaCl',
  magic: 'python-magic',
  docx: 'python-docx',
  pptx: 'python-pptx',
  fitz: 'PyMuPDF',
  serial: 'pyserial',
  usb: 'pyusb',
  socks: 'PySocks',
  dns: 'dnspython',
  jose: 'python-jose',
  multipart: 'python-multipart',
  telebot: 'pyTelegramBotAPI',
  vk_api: 'vk-api',
  github: 'PyGithub',
  gitlab: 'python-gitlab',
  git: 'GitPython',
  MySQLdb: 'mysqlclient',
  psycopg2: 'psycopg2-binary',
  pymysql: 'PyMySQL',
  bson: 'pymongo',
  attr: 'attrs',
  pkg_resources: 'setuptools',
  win32api: 'pywin32',
  win32con: 'pywin32',
  speech_recognition: 'SpeechRecognition',
  sentence_transformers: 'sentence-transformers',
  huggingface_hub: 'huggingface-hub',
  youtube_dl: 'youtube-dl',
  yt_dlp: 'yt-dlp',
  fake_useragent: 'fake-useragent',
  apscheduler: 'APScheduler',
  flask_cors: 'flask-cors',
  flask_sqlalchemy: 'Flask-SQLAlchemy',
  markdown: 'Markdown',
  mpl_toolkits: 'matplotlib',
  zmq: 'pyzmq',
  Levenshtein: 'python-Levenshtein',
};

/** Module roots whose next part names the distribution (google.cloud.storage is google-cloud-storage). */
const NAMESPACE_ROOTS = ['google.cloud', 'azure'];

/**
 * The PyPI package for an absolute import path (`telegram.ext`, `google.cloud.storage`), with the
 * import name it goes by; null for the standard library and `__main__`.
 */
export function pythonPackageFor(path: string): { module: string; package: string } | null {
  const parts = path.split('.');
  const top = parts[0]!;
  if (!top || PYTHON_STDLIB.has(top) || top === '__main__' || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(top)) return null;
  for (let n = parts.length; n >= 1; n--) {
    const module = parts.slice(0, n).join('.');
    const known = PYPI_NAMES[module];
    if (known) return { module, package: known };
  }
  for (const root of NAMESPACE_ROOTS) {
    const depth = root.split('.').length;
    if (path.startsWith(`${root}.`) && parts.length > depth) {
      const module = parts.slice(0, depth + 1).join('.');
      return { module, package: module.replace(/[._]/g, '-') };
    }
  }
  // Dotted paths under an unknown namespace still import the top-level distribution.
  return { module: top, package: top };
}

const NODE_BUILTINS = new Set(builtinModules);

/**
 * The one grammar of npm package names (the import analysis and install requests both use it): npm's
 * rules for new names, save that a core module's name passes, since events, buffer and punycode are
 * packages people install. npm checks ~'!()* in the name but not in its scope: here neither has them.
 */
export function isNpmPackageName(name: string): boolean {
  const { errors, warnings = [] } = validateNpmPackageName(name);
  return !errors && warnings.every((w) => w.endsWith(' is a core module name')) && !/[~'!()*]/.test(name);
}

/**
 * The npm package a module specifier loads (`lodash/fp` -> `lodash`, `@a/b/c` -> `@a/b`); null for
 * relative and absolute paths, URLs, `node:` and other builtins, subpath imports (`#x`) and names npm
 * would refuse.
 */
export function npmPackageFor(specifier: string): string | null {
  if (/^[./#]/.test(specifier) || specifier.includes(':') || specifier.includes('\\')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
  if (NODE_BUILTINS.has(name) || NODE_BUILTINS.has(specifier)) return null;
  return isNpmPackageName(name) ? name : null;
}
