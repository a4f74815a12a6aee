# A small ray tracer: spheres, diffuse shading, 48x32 image (objects, floats, method calls)
class Vec:
    __slots__ = ("x", "y", "z")
    def __init__(self, x, y, z):
        self.x = x
        self.y = y
        self.z = z
    def __add__(self, o):
        return Vec(self.x + o.x, self.y + o.y, self.z + o.z)
    def __sub__(self, o):
        return Vec(self.x - o.x, self.y - o.y, self.z - o.z)
    def scale(self, k):
        return Vec(self.x * k, self.y * k, self.z * k)
    def dot(self, o):
        return self.x * o.x + self.y * o.y + self.z * o.z
    def norm(self):
        return self.scale(1.0 / (self.dot(self) ** 0.5))

class Sphere:
    def __init__(self, center, radius, shade):
        self.center = center
        self.radius = radius
        self.shade = shade
    def hit(self, origin, direction):
        oc = origin - self.center
        b = oc.dot(direction)
        c = oc.dot(oc) - self.radius * self.radius
        disc = b * b - c
        if disc < 0:
            return None
        t = -b - disc ** 0.5
        return t if t > 1e-6 else None

def trace(scene, light, origin, direction):
    best = None
    best_t = 1e30
    for s in scene:
        t = s.hit(origin, direction)
        if t is not None and t < best_t:
            best, best_t = s, t
    if best is None:
        return 0.0
    p = origin + direction.scale(best_t)
    n = (p - best.center).norm()
    return max(0.0, n.dot(light)) * best.shade

def bench():
    scene = [Sphere(Vec(0.0, -0.5, 3.0), 1.0, 0.9), Sphere(Vec(1.5, 0.5, 4.0), 1.0, 0.6), Sphere(Vec(0.0, -1001.0, 0.0), 1000.0, 0.4)]
    light = Vec(-1.0, 1.0, -1.0).norm()
    origin = Vec(0.0, 0.0, 0.0)
    total = 0.0
    w, h = 48, 32
    for y in range(h):
        for x in range(w):
            d = Vec((x - w / 2) / w, (h / 2 - y) / h, 1.0).norm()
            total += trace(scene, light, origin, d)
    return round(total, 6)
