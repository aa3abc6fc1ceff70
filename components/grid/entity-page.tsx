import type { ComponentType } from "react";
import type { AnyEntity } from "@/db/entity";
import { ShellPage } from "@/components/shell/shell-page";
import type { GridPage } from "./grid-types";
import { loadFirstBlock } from "./load-first-block";

/** Loads the first block only after ShellPage's navigation check: it never runs for a refused user. */
async function FirstBlock({ entity, Grid, params }: { entity: AnyEntity; Grid: ComponentType<{ initial: GridPage }>; params?: Record<string, string> }) {
  if (!entity.grid) throw new Error(`entità ${entity.api.field} senza griglia`);
  return <Grid initial={await loadFirstBlock(entity.grid, entity.role, params)} />;
}

/**
 * The page of an entity's grid (app/(shell)/<route>/page.tsx): the shell's role check, then the
 * entity's grid with its first block rendered on the server through the same guard and query as
 * GET {url}.
 */
export function EntityPage({ path, entity, Grid, params }: { path: string; entity: AnyEntity; Grid: ComponentType<{ initial: GridPage }>; params?: Record<string, string> }) {
  return (
    <ShellPage path={path}>
      <FirstBlock entity={entity} Grid={Grid} params={params} />
    </ShellPage>
  );
}
