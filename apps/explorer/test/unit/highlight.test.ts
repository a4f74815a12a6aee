import { describe, expect, it } from "vitest";
import { tokenizePython } from "../../src/highlight.js";

const SOURCE = `from cowboy_sdk import actor  # the SDK

@actor
class Counter:
    """Counts."""

    def increment(self, by=1):
        self.storage["count"] += by * 0x10 + 1_000
        return f'{by}' if by else None
`;

describe("tokenizePython", () => {
  it("gives back the source exactly when its tokens are joined", () => {
    expect(
      tokenizePython(SOURCE)
        .map((t) => t.text)
        .join(""),
    ).toBe(SOURCE);
    expect(tokenizePython("").length).toBe(0);
    expect(
      tokenizePython('x = "unterminated\ny = 1')
        .map((t) => t.text)
        .join(""),
    ).toBe('x = "unterminated\ny = 1');
  });

  it("tells keywords, builtins, strings, numbers, comments, decorators and definitions apart", () => {
    const kinds = (kind: string) =>
      tokenizePython(SOURCE)
        .filter((t) => t.kind === kind)
        .map((t) => t.text);
    expect(kinds("keyword")).toEqual(["from", "import", "class", "def", "return", "if", "else", "None"]);
    expect(kinds("definition")).toEqual(["Counter", "increment"]);
    expect(kinds("decorator")).toEqual(["@actor"]);
    expect(kinds("comment")).toEqual(["# the SDK"]);
    expect(kinds("string")).toEqual(['"""Counts."""', '"count"', "f'{by}'"]);
    expect(kinds("number")).toEqual(["1", "0x10", "1_000"]);
    expect(kinds("builtin")).toEqual(["self", "self"]);
  });
});
