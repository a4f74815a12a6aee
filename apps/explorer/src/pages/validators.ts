// Validators (issue 26): the active set with stake and connection, and where consensus is; the staking status, jail
// height and missed votes where the node reports them (cowboy_validators' records), else "—".
import { equalBytes } from "@cowboy/codec";
import { fields, h, section, table } from "../dom.js";
import { addressLink, cby, count, hex, mono, short } from "../format.js";
import type { PageContext } from "../page.js";

export async function validatorsPage(ctx: PageContext): Promise<void> {
  const { client, root } = ctx;
  const [validators, consensus, records] = await Promise.all([client.getValidators(), client.getConsensus(), client.getValidatorRecords()]);
  root.append(h("h1", {}, "Validators"));
  if (validators === undefined || consensus === undefined) {
    root.append(h("p", { class: "muted", "data-testid": "no-consensus" }, "This node runs without consensus (manual block production): it has no validator set to show."));
    return;
  }
  const total = validators.reduce((sum, v) => sum + v.stake, 0n);
  root.append(
    section(
      "Consensus",
      "consensus",
      fields(
        [
          ["View", consensus.view.toString()],
          ["Leader", consensus.leader === null ? "none" : addressLink(consensus.leader)],
          ["Finalized height", consensus.finalizedHeight.toString()],
          ["Notarized height", consensus.notarizedHeight.toString()],
          ["Validators", h("span", { "data-testid": "validator-count" }, validators.length)],
          ["Peers", consensus.peers],
          ["This node", consensus.self === null ? "a full node (does not vote)" : `validator ${consensus.self}${consensus.voting ? ", voting" : ""}`],
        ],
        "consensus-fields",
      ),
    ),
    section(
      "Active set",
      "validator-set",
      table(
        ["#", "Address", "Stake", "Share", "BLS key", "Network key", "Online", "Status", "Jailed until", "Missed votes"],
        validators.map((v) => {
          const record = records?.find((r) => equalBytes(r.address, v.address));
          return [
            v.index,
            addressLink(v.address),
            h("span", { "data-testid": `stake-${v.index}` }, cby(v.stake)),
            total === 0n ? "—" : `${(Number((v.stake * 10_000n) / total) / 100).toFixed(2)} %`,
            mono(short(hex(v.blsPublicKey))),
            mono(short(hex(v.networkKey))),
            h("span", { class: v.connected ? "status success" : "status dropped" }, v.connected ? "online" : "offline"),
            record?.status ?? "—",
            record?.jailedUntil === undefined || record.jailedUntil === 0n ? "—" : record.jailedUntil.toString(),
            h("span", { "data-testid": `missed-${v.index}` }, record?.missedVotes === undefined ? "—" : count(record.missedVotes)),
          ];
        }),
        "validators-table",
      ),
    ),
  );
}
