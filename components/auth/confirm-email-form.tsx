"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormErrorBanner } from "@/components/ui/form-banner";
import { alertDialog } from "@/components/ui/dialogs";
import { apiPostEntity, errorList } from "@/lib/client/api";

/**
 * /confirm-email: confirms the sign-up's address with the mailed token. A button, not an automatic call on
 * opening: a mail scanner that fetches the link must not be the one to spend it.
 */
export function ConfirmEmailForm({ token }: { token: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);

  async function confirm() {
    setErrors([]);
    setBusy(true);
    try {
      const res = await apiPostEntity<{ message?: string }>("/api/confirm-email", "confirmEmail", { token });
      if (res.message) await alertDialog(res.message);
      router.push("/");
    } catch (err) {
      setErrors(errorList(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <FormErrorBanner errors={errors} />
      <p className="text-sm text-gray-600">Conferma l&apos;indirizzo e-mail con cui ti sei registrato: potrai inviare e-mail ai clienti e acquistare la licenza.</p>
      <Button type="button" loading={busy} onClick={() => void confirm()} className="mt-2">
        Conferma l&apos;indirizzo
      </Button>
    </div>
  );
}
