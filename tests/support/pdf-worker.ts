/** Global setup of the unit tests: the PDF pool's worker built from the sources under test (scripts/pdf-worker.ts). */
import { buildPdfWorker } from "@/scripts/pdf-worker";

export default async function setup(): Promise<void> {
  await buildPdfWorker();
}
