// The time zone a request's times are in: "timezone is Europe/Berlin", "9:00 London time", "polish
// time", "UK time", "(CET)", "Hanoi time (UTC+7)". Only zones the runtime knows are returned.

/** Places and names people write before "time", and the zone they mean. */
const PLACES: Record<string, string> = {
  london: 'Europe/London', uk: 'Europe/London', british: 'Europe/London', england: 'Europe/London', gmt: 'Europe/London', bst: 'Europe/London',
  dublin: 'Europe/Dublin', irish: 'Europe/Dublin', ireland: 'Europe/Dublin',
  berlin: 'Europe/Berlin', german: 'Europe/Berlin', germany: 'Europe/Berlin', hamburg: 'Europe/Berlin', munich: 'Europe/Berlin', cet: 'Europe/Berlin', cest: 'Europe/Berlin',
  vienna: 'Europe/Vienna', austrian: 'Europe/Vienna', graz: 'Europe/Vienna', zurich: 'Europe/Zurich', swiss: 'Europe/Zurich',
  paris: 'Europe/Paris', french: 'Europe/Paris', france: 'Europe/Paris', madrid: 'Europe/Madrid', spanish: 'Europe/Madrid', spain: 'Europe/Madrid', barcelona: 'Europe/Madrid',
  lisbon: 'Europe/Lisbon', portuguese: 'Europe/Lisbon', rome: 'Europe/Rome', italian: 'Europe/Rome', milan: 'Europe/Rome',
  amsterdam: 'Europe/Amsterdam', dutch: 'Europe/Amsterdam', utrecht: 'Europe/Amsterdam', brussels: 'Europe/Brussels', belgian: 'Europe/Brussels',
  warsaw: 'Europe/Warsaw', polish: 'Europe/Warsaw', poland: 'Europe/Warsaw', krakow: 'Europe/Warsaw', prague: 'Europe/Prague', czech: 'Europe/Prague',
  stockholm: 'Europe/Stockholm', swedish: 'Europe/Stockholm', oslo: 'Europe/Oslo', norwegian: 'Europe/Oslo', copenhagen: 'Europe/Copenhagen', danish: 'Europe/Copenhagen',
  helsinki: 'Europe/Helsinki', finnish: 'Europe/Helsinki', athens: 'Europe/Athens', greek: 'Europe/Athens', istanbul: 'Europe/Istanbul', turkish: 'Europe/Istanbul',
  kyiv: 'Europe/Kyiv', kiev: 'Europe/Kyiv', ukrainian: 'Europe/Kyiv', moscow: 'Europe/Moscow',
  'new york': 'America/New_York', nyc: 'America/New_York', eastern: 'America/New_York', est: 'America/New_York', edt: 'America/New_York', et: 'America/New_York',
  chicago: 'America/Chicago', central: 'America/Chicago', cst: 'America/Chicago', cdt: 'America/Chicago', texas: 'America/Chicago', okc: 'America/Chicago', oklahoma: 'America/Chicago',
  denver: 'America/Denver', mountain: 'America/Denver', mst: 'America/Denver', 'los angeles': 'America/Los_Angeles', la: 'America/Los_Angeles', pacific: 'America/Los_Angeles', pst: 'America/Los_Angeles', pdt: 'America/Los_Angeles',
  toronto: 'America/Toronto', vancouver: 'America/Vancouver', 'mexico city': 'America/Mexico_City', mexican: 'America/Mexico_City', 'sao paulo': 'America/Sao_Paulo', brazil: 'America/Sao_Paulo', 'buenos aires': 'America/Argentina/Buenos_Aires',
  tokyo: 'Asia/Tokyo', japan: 'Asia/Tokyo', japanese: 'Asia/Tokyo', jst: 'Asia/Tokyo', seoul: 'Asia/Seoul', korean: 'Asia/Seoul', beijing: 'Asia/Shanghai', china: 'Asia/Shanghai', shanghai: 'Asia/Shanghai',
  'hong kong': 'Asia/Hong_Kong', singapore: 'Asia/Singapore', hanoi: 'Asia/Ho_Chi_Minh', vietnam: 'Asia/Ho_Chi_Minh', bangkok: 'Asia/Bangkok', jakarta: 'Asia/Jakarta', manila: 'Asia/Manila',
  india: 'Asia/Kolkata', indian: 'Asia/Kolkata', ist: 'Asia/Kolkata', mumbai: 'Asia/Kolkata', delhi: 'Asia/Kolkata', dubai: 'Asia/Dubai', 'tel aviv': 'Asia/Jerusalem',
  sydney: 'Australia/Sydney', melbourne: 'Australia/Melbourne', aest: 'Australia/Sydney', auckland: 'Pacific/Auckland', 'new zealand': 'Pacific/Auckland',
  lagos: 'Africa/Lagos', nigerian: 'Africa/Lagos', nairobi: 'Africa/Nairobi', kenyan: 'Africa/Nairobi', johannesburg: 'Africa/Johannesburg', cairo: 'Africa/Cairo',
  malaysia: 'Asia/Kuala_Lumpur', malaysian: 'Asia/Kuala_Lumpur', kl: 'Asia/Kuala_Lumpur', myt: 'Asia/Kuala_Lumpur', sgt: 'Asia/Singapore', philippines: 'Asia/Manila', pht: 'Asia/Manila',
  'south africa': 'Africa/Johannesburg', sast: 'Africa/Johannesburg', joburg: 'Africa/Johannesburg', nigeria: 'Africa/Lagos', wat: 'Africa/Lagos', kenya: 'Africa/Nairobi', eat: 'Africa/Nairobi',
  ghana: 'Africa/Accra', uae: 'Asia/Dubai', gst: 'Asia/Dubai', pakistan: 'Asia/Karachi', pkt: 'Asia/Karachi', bangladesh: 'Asia/Dhaka', indonesia: 'Asia/Jakarta', wib: 'Asia/Jakarta',
  thailand: 'Asia/Bangkok', thai: 'Asia/Bangkok', 'saudi': 'Asia/Riyadh', israel: 'Asia/Jerusalem', egypt: 'Africa/Cairo', aedt: 'Australia/Sydney', awst: 'Australia/Perth', nzst: 'Pacific/Auckland', nzdt: 'Pacific/Auckland',
  kst: 'Asia/Seoul', hkt: 'Asia/Hong_Kong', eet: 'Europe/Athens', eest: 'Europe/Athens', wet: 'Europe/Lisbon', west: 'Europe/Lisbon', mexico: 'America/Mexico_City', argentina: 'America/Argentina/Buenos_Aires', colombia: 'America/Bogota', peru: 'America/Lima', chile: 'America/Santiago',
};
const NAMES = Object.keys(PLACES).sort((a, b) => b.length - a.length).join('|');
/** Every zone's own city ("Kuala Lumpur time", "Accra time"), read only before "time". */
const CITIES: Record<string, string> = Object.fromEntries(
  Intl.supportedValuesOf('timeZone').map((zone) => [zone.split('/').pop()!.replace(/_/g, ' ').toLowerCase(), zone]),
);
const CITY_TIME = new RegExp(`\\b(${Object.keys(CITIES).sort((a, b) => b.length - a.length).map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\s+(?:local\\s+)?time\\b`, 'i');
/** A zone's abbreviation in capitals right after a time: "7:30 am IST", "18:00 CET". */
const AFTER_TIME = /\d(?:\s*[aApP]\.?[mM]\.?)?\s+([A-Z]{2,5})\b/g;
const PLACE_TIME = new RegExp(`\\b(${NAMES})\\s+(?:local\\s+)?time\\b|\\((${NAMES})\\)|\\b(?:time ?zone|tz)\\s*(?:is|:|=)?\\s*(${NAMES})\\b`, 'i');
const AREA_CITY = /\b((?:Europe|America|Asia|Africa|Australia|Pacific|Atlantic|Indian)\/[A-Za-z_]+(?:\/[A-Za-z_]+)?)\b/;

function known(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The IANA time zone the request names, or null. */
export function timeZoneIn(text: string): string | null {
  const written = AREA_CITY.exec(text)?.[1];
  if (written && known(written)) return written;
  const place = PLACE_TIME.exec(text);
  const abbreviated = [...text.matchAll(AFTER_TIME)].map((m) => PLACES[m[1]!.toLowerCase()]).find(Boolean);
  const city = CITY_TIME.exec(text);
  const zone = place ? PLACES[(place[1] ?? place[2] ?? place[3])!.toLowerCase()] : (abbreviated ?? (city ? CITIES[city[1]!.toLowerCase()] : undefined));
  return zone && known(zone) ? zone : null;
}
