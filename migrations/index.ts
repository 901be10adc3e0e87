// The one list of migrations, in order, for SQLite and PostgreSQL alike (dialect-sql.ts holds what
// differs). Add new ones at the end; never change what a landed one does on SQLite.
import type { Migration } from 'kysely';
import * as m001 from './001_accounts';
import * as m002 from './002_workspace';
import * as m003 from './003_feed';
import * as m004 from './004_env_vars';
import * as m005 from './005_storage_sizes';
import * as m006 from './006_saved_test_chats';
import * as m007 from './007_code_edit_proposals';
import * as m008 from './008_bots';
import * as m009 from './009_bot_plans';
import * as m010 from './010_bot_hooks';
import * as m011 from './011_deployments';
import * as m012 from './012_runs';
import * as m013 from './013_saved_chat_sizes';
import * as m014 from './014_bot_plan_rules';
import * as m015 from './015_version_prompts';
import * as m016 from './016_written_order';
import * as m017 from './017_rate_limits';
import * as m018 from './018_cluster';
import * as m019 from './019_runner_work';

export const migrations: Record<string, Migration> = {
  '001_accounts': m001,
  '002_workspace': m002,
  '003_feed': m003,
  '004_env_vars': m004,
  '005_storage_sizes': m005,
  '006_saved_test_chats': m006,
  '007_code_edit_proposals': m007,
  '008_bots': m008,
  '009_bot_plans': m009,
  '010_bot_hooks': m010,
  '011_deployments': m011,
  '012_runs': m012,
  '013_saved_chat_sizes': m013,
  '014_bot_plan_rules': m014,
  '015_version_prompts': m015,
  '016_written_order': m016,
  '017_rate_limits': m017,
  '018_cluster': m018,
  '019_runner_work': m019,
};
