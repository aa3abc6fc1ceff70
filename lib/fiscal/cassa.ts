/**
 * The TipoCassa of the tenant's 'Nome cassa professionisti' (free text in Impostazioni): the XML options take it as
 * their default, so a professional is not asked for it at every file. Matched on the usual names and acronyms
 * ('Inarcassa' → TC04, 'Cassa Forense' → TC01, 'ENPAM' → TC09 …), on a code typed as such ('TC04') or on the
 * description of lib/fiscal/codes.ts TIPI_CASSA; anything else (or INPS, which is the rivalsa, not a cassa) gives
 * null and the dialog asks. No server import: the form may read it too.
 */
import { TIPI_CASSA, type TipoCassa } from "./codes";

type CassaCode = Exclude<TipoCassa, "TC22">;

/** Whole words (acronyms) or word starts, on the lower-cased name with accents and punctuation as spaces. */
const NAMES: readonly [RegExp, CassaCode][] = [
  [/\binarcassa\b|\bingegneri\b|\barchitett/, "TC04"],
  [/\bforense\b|\bavvocat/, "TC01"],
  [/\bcnpadc\b|\bcommercialist/, "TC02"],
  [/\bcipag\b|\bgeometr/, "TC03"],
  [/\bnotariato\b|\bnotai\b/, "TC05"],
  [/\bcnpr\b|\bragionier/, "TC06"],
  [/\benasarco\b/, "TC07"],
  [/\benpacl\b|\bconsulenti del lavoro\b/, "TC08"],
  [/\benpam\b|\bmedici\b/, "TC09"],
  [/\benpaf\b|\bfarmacist/, "TC10"],
  [/\benpav\b|\bveterinar/, "TC11"],
  [/\benpaia\b/, "TC12"],
  [/\bspedizion/, "TC13"],
  [/\binpgi\b/, "TC14"],
  [/\bonaosi\b/, "TC15"],
  [/\bcasagit\b/, "TC16"],
  [/\beppi\b|\bperiti industriali\b/, "TC17"],
  [/\bepap\b|\bpluricategorial/, "TC18"],
  [/\benpab\b|\bbiolog/, "TC19"],
  [/\benpapi\b|\binfermier/, "TC20"],
  [/\benpap\b|\bpsicolog/, "TC21"],
];

export function tipoCassaOfFundName(name: string | null | undefined): CassaCode | null {
  const text = (name ?? "").trim();
  if (!text) return null;
  const code = /^TC(\d{2})$/i.exec(text)?.[0].toUpperCase();
  if (code && code in TIPI_CASSA && code !== "TC22") return code as CassaCode;
  const described = (Object.entries(TIPI_CASSA) as [TipoCassa, string][]).find(([, d]) => d.toLowerCase() === text.toLowerCase())?.[0];
  if (described) return described === "TC22" ? null : described;
  const words = ` ${text.toLowerCase().normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/[^a-z0-9]+/g, " ")} `;
  return NAMES.find(([re]) => re.test(words))?.[1] ?? null;
}
