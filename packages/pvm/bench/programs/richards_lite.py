# A task scheduler in the spirit of Richards: tasks with queues, priorities and packets (classes,
# attribute access, method dispatch, lists as queues)
class Packet:
    def __init__(self, dest, kind):
        self.dest = dest
        self.kind = kind
        self.datum = 0

class Task:
    def __init__(self, ident, priority, sched):
        self.ident = ident
        self.priority = priority
        self.queue = []
        self.sched = sched
        self.count = 0
    def run(self, packet):
        self.count += 1
        if packet is None:
            return None
        packet.datum = (packet.datum + self.ident * 7 + self.count) % 1009
        packet.dest = (packet.dest + 1 + packet.datum % 3) % len(self.sched.tasks)
        return packet

class Scheduler:
    def __init__(self, n):
        self.tasks = [Task(i, (i * 37) % 11, self) for i in range(n)]
        self.holds = 0
    def schedule(self, rounds):
        for t in self.tasks:
            for k in range(3):
                t.queue.append(Packet(t.ident, k))
        for _ in range(rounds):
            order = sorted(self.tasks, key=lambda t: -t.priority)
            for t in order:
                pkt = t.queue.pop(0) if t.queue else None
                out = t.run(pkt)
                if out is not None:
                    self.tasks[out.dest].queue.append(out)
                else:
                    self.holds += 1
        return sum(t.count for t in self.tasks), self.holds, sum(len(t.queue) for t in self.tasks)

def bench():
    return Scheduler(10).schedule(400)
