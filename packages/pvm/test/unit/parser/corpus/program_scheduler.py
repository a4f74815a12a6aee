# An async task scheduler actor with retries, timers, exception groups and structural matching.
import asyncio
import contextlib
import functools
from abc import ABC, abstractmethod


def retry(times: int = 3, *, on: tuple[type[BaseException], ...] = (Exception,)):
    def decorate(fn):
        @functools.wraps(fn)
        async def wrapper(*args, **kwargs):
            last: BaseException | None = None
            for attempt in range(1, times + 1):
                try:
                    return await fn(*args, **kwargs)
                except on as exc:
                    last = exc
                    await asyncio.sleep(0.01 * 2 ** attempt)
            raise RuntimeError(f"{fn.__name__} failed after {times} attempts") from last
        return wrapper
    return decorate


class Job(ABC):
    priority: int = 0

    def __init__(self, name: str, /, *deps: str, timeout: float = 1.0, **meta) -> None:
        self.name, self.deps, self.timeout, self.meta = name, deps, timeout, meta
        self.state = "pending"

    def __lt__(self, other: "Job") -> bool:
        return (-self.priority, self.name) < (-other.priority, other.name)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.name!r}, state={self.state})"

    @abstractmethod
    async def run(self, ctx: dict) -> object: ...


class Fetch(Job):
    priority = 2

    @retry(times=2, on=(ConnectionError, TimeoutError))
    async def run(self, ctx):
        async with ctx["session"] as s:
            data = await s.get(self.meta.get("url", ""))
        return {"bytes": len(data), **self.meta}


class Compute(Job):
    async def run(self, ctx):
        inputs = [ctx["results"][d] for d in self.deps]
        total = 0
        async for chunk in ctx["stream"](inputs):
            match chunk:
                case {"kind": "value", "value": int(v) | float(v)} if v >= 0:
                    total += v
                case {"kind": "batch", "values": [first, *rest]}:
                    total += first + sum(rest)
                case {"kind": "skip"} | None:
                    continue
                case {"kind": "stop", **extra}:
                    ctx["log"].append(("stop", extra))
                    break
                case [x, y, *_] if x == y:
                    total += x
                case str() as text:
                    total += len(text)
                case _:
                    raise ValueError(f"unexpected chunk {chunk!r}")
        return total


class Scheduler:
    def __init__(self, jobs: list[Job], *, concurrency: int = 4) -> None:
        self.jobs = {j.name: j for j in jobs}
        self.sem = asyncio.Semaphore(concurrency)
        self.results: dict[str, object] = {}

    def order(self) -> list[Job]:
        seen: set[str] = set()
        out: list[Job] = []

        def visit(name: str, stack: tuple[str, ...] = ()) -> None:
            nonlocal out
            if name in stack:
                raise ValueError("cycle: " + " -> ".join((*stack, name)))
            if name in seen:
                return
            for dep in self.jobs[name].deps:
                visit(dep, (*stack, name))
            seen.add(name)
            out.append(self.jobs[name])

        for name in sorted(self.jobs, key=lambda n: self.jobs[n]):
            visit(name)
        return out

    async def _run_one(self, job: Job, ctx: dict) -> None:
        async with self.sem:
            job.state = "running"
            try:
                self.results[job.name] = await asyncio.wait_for(job.run(ctx), job.timeout)
            except* TimeoutError:
                job.state = "timeout"
            except* (ValueError, RuntimeError) as group:
                job.state = "failed"
                ctx["log"].extend(("error", str(e)) for e in group.exceptions)
            else:
                job.state = "done"

    async def run(self, **ctx) -> dict[str, object]:
        ctx.setdefault("log", [])
        ctx["results"] = self.results
        with contextlib.suppress(asyncio.CancelledError):
            for job in self.order():
                await self._run_one(job, ctx)
        return {name: (self.jobs[name].state, value) for name, value in self.results.items()}


async def main() -> None:
    jobs = [Fetch("a", url="x"), Fetch("b", url="y"), Compute("c", "a", "b", timeout=2.5)]
    report = await Scheduler(jobs).run(session=None, stream=lambda xs: aiter(xs))
    print(*(f"{k}: {v}" for k, v in report.items()), sep="\n")
