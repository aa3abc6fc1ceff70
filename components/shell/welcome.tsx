import { getCurrentUser } from "@/lib/auth/current-user";

export async function Welcome() {
  const user = await getCurrentUser();
  return (
    <div className="rounded-lg border border-border bg-white p-6">
      <h2 className="text-lg font-semibold text-gray-900">Benvenuto{user?.firstName ? `, ${user.firstName}` : ""}</h2>
      <p className="mt-1 text-gray-600">{user?.tenant.denomination}</p>
      <p className="mt-4 text-gray-600">Scegli una sezione dal menu per iniziare.</p>
    </div>
  );
}
