# A task-scheduler simulation: jobs with deadlines move between ready, waiting and done queues of
# workers; method-heavy object code with keyword arguments, properties and small helper methods
class Job:
    def __init__(self, jid, cost, deadline, priority=0):
        self.jid = jid
        self.cost = cost
        self.remaining = cost
        self.deadline = deadline
        self.priority = priority
        self.waits = 0

    def step(self, amount):
        done = min(amount, self.remaining)
        self.remaining -= done
        return done

    @property
    def finished(self):
        return self.remaining == 0

    def urgency(self, now):
        return (self.deadline - now) * 4 - self.priority

class Worker:
    def __init__(self, wid, speed):
        self.wid = wid
        self.speed = speed
        self.current = None
        self.busy = 0
        self.log = []

    def idle(self):
        return self.current is None

    def assign(self, job, now):
        self.current = job
        self.log.append((now, job.jid))

    def tick(self, now):
        if self.current is None:
            return None
        self.busy += self.current.step(self.speed)
        if self.current.finished:
            job = self.current
            self.current = None
            return job
        return None

class Scheduler:
    def __init__(self, workers, quantum=3):
        self.workers = [Worker(i, speed=1 + i % 3) for i in range(workers)]
        self.ready = []
        self.done = []
        self.late = 0
        self.quantum = quantum
        self.now = 0

    def submit(self, job):
        self.ready.append(job)

    def pick(self):
        best = None
        best_u = 0
        for job in self.ready:
            u = job.urgency(self.now)
            if best is None or u < best_u:
                best = job
                best_u = u
        self.ready.remove(best)
        return best

    def run(self, steps):
        for _ in range(steps):
            for w in self.workers:
                if w.idle() and self.ready:
                    w.assign(self.pick(), now=self.now)
            for w in self.workers:
                job = w.tick(self.now)
                if job is not None:
                    self.finish(job, worker=w)
            for job in self.ready:
                job.waits += 1
            self.now += 1
        return self.summary()

    def finish(self, job, worker=None):
        if self.now > job.deadline:
            self.late += 1
        self.done.append(job)

    def summary(self):
        waits = sum(j.waits for j in self.done)
        busy = [w.busy for w in self.workers]
        return len(self.done), self.late, waits, busy, len(self.ready)

def bench():
    s = Scheduler(4, quantum=2)
    x = 17
    for i in range(260):
        x = (x * 1103515245 + 12345) % 65536
        s.submit(Job(i, cost=1 + x % 9, deadline=i // 2 + x % 40, priority=x % 5))
    return s.run(420)
