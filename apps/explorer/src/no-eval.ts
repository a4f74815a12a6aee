// Imported first by main.ts: the node serves these pages with a content-security-policy that allows no eval, and zod
// probes for eval (a reported violation) when @cowboy/types builds its schemas at import. jitless skips the probe and
// validates without compiling code, so this must run before any schema exists.
import { config } from "zod";

config({ jitless: true });
