import { RequiresRole } from "@/components/roles/requires-role";
import { Card } from "@/components/ui/card";
import { HeadedPage } from "@/components/ui/page-header";
import { ConnectedClientsTable } from "@/components/security/connected-clients-table";
import { MintTokenForm } from "@/components/security/mint-token-form";
import { PeopleTable } from "@/components/security/people-table";
import { TokenTable } from "@/components/security/token-table";
import { getConfig } from "@/lib/env";
import { singleSignOn } from "@/lib/people/identity-provider";

export const metadata = { title: "API tokens" };

export default function TokensPage() {
  return (
    <HeadedPage title="API tokens" description="Admins mint tokens for people and runners. A token is shown once; revoking it ends its sessions at once. Everyone sees and revokes the MCP clients they allowed.">
      <div className="space-y-6">
        <RequiresRole role="admin" fallback={<p>Only an admin can mint, list and revoke tokens. Ask one for a token with the role you need.</p>}>
          <Card title="Mint a token" id="mint">
            <MintTokenForm />
          </Card>
          <Card title="Active tokens" id="active">
            <TokenTable />
          </Card>
          {singleSignOn() && (
            <Card title="People" id="people">
              <PeopleTable />
            </Card>
          )}
        </RequiresRole>
        {/* With PATCHBAY_AUTH=off the gateways ask for no token: no client signs in, so there is nothing to list. */}
        {getConfig().PATCHBAY_AUTH === "on" && (
          <Card title="Connected MCP clients" id="connected-clients">
            <ConnectedClientsTable />
          </Card>
        )}
      </div>
    </HeadedPage>
  );
}
