// Late votes (cips/consensus.md "Late votes"; issue 21, downtime counted from signer bitmaps): a validator whose
// votes always arrive after the other three have formed the quorum is in no certificate as assembled, so downtime
// would count every block as missed by it. Its late votes widen the certificate the next proposer puts in the
// child's header, so on a slow-but-online validator no vote is lost.
import { decode } from "@cowboy/codec";
import { blockCertificateCodec, signerIndices } from "@cowboy/types";
import { describe, expect, it } from "vitest";
import { CHANNELS, createValidatorSet, finalizationValid, notarizationValid } from "../../src/index.js";
import { withSend } from "./byzantine.js";
import { assertSafety, CHAIN_ID, createNetwork, runUntilHeight } from "./harness.js";

const SLOW_MS = 60;

describe("late votes widen the parent certificate", () => {
  it("v3's votes, always 60 ms late, are in every parent certificate the other leaders build on (exact counts)", async () => {
    let delayed = 0;
    const net = createNetwork({
      n: 4,
      seed: 7n,
      behaviours: {
        3: {
          wrapNetwork: (ctx) =>
            withSend(ctx, (inner, recipients, channel, message) => {
              if (channel !== CHANNELS.votes) return inner.send(recipients, channel, message);
              delayed++;
              ctx.clock.schedule(SLOW_MS, () => inner.send(recipients, channel, message));
              return [];
            }),
        },
      },
    });
    expect(await runUntilHeight(net, [0, 1, 2, 3], 20n, 60_000)).toBe(true);
    assertSafety(net.nodes);
    expect(delayed).toBeGreaterThan(0);
    const set = createValidatorSet({ chainId: CHAIN_ID, epoch: 0n, validators: net.validators, threshold: 3, commitments: net.commitments });
    // The certificates as assembled (the archive's) never hold v3: the three others always reach the quorum first.
    const assembled = net.nodes[0]!.finalized.map((b) => signerIndices(decode(blockCertificateCodec, b.certificate).value.signers));
    expect(assembled.filter((s) => s.includes(3)).length).toBe(0);
    // Every header the other leaders built above genesis carries a certificate signed by all four, and it verifies.
    const headers = net.nodes.slice(0, 3).flatMap((n) => n.built!.filter((b) => b.parentHeight > 0n));
    expect(headers.length).toBeGreaterThan(8);
    let withV3 = 0;
    for (const h of headers) {
      const cert = decode(blockCertificateCodec, h.certificate);
      expect(cert.type === "finalization" ? finalizationValid(set, cert.value) : notarizationValid(set, cert.value)).toBe(true);
      if (signerIndices(cert.value.signers).includes(3)) withV3++;
    }
    expect(withV3).toBe(headers.length);
  }, 120_000);
});
