// Set-up of every unit test file (vitest.config.ts). In component test files (a DOM environment): sonner removes a
// dismissed toast 200 ms later (TIME_BEFORE_UNMOUNT) with a timer that unmounting the Toaster does not clear. When
// it fired after the file's DOM environment had been torn down, React's setState read `window` and the run failed
// with "ReferenceError: window is not defined" (an unhandled error in components/settings/tenant-settings-modal.test.tsx,
// stack sonner → dispatchSetState → resolveUpdatePriority: CI failed on 2026-11-25 with every test green; not
// reproduced on an idle machine, where the worker gets to the next file later). The file waits it out while its
// window still exists.
import { afterAll } from "vitest";

const SONNER_TIME_BEFORE_UNMOUNT_MS = 200;

if (typeof window !== "undefined") {
  afterAll(() => new Promise((resolve) => setTimeout(resolve, SONNER_TIME_BEFORE_UNMOUNT_MS + 50)));
}
