class Point:
    x: int
    y: float = 0.5
    label: str = "p"
    def area(self) -> float:
        z: int = 3
        return z

print(Point.__annotations__, Point.y, Point.label, hasattr(Point, "x"), Point().area())
count: int = 3
flag: bool
print(__annotations__, count)

def fields(cls):
    return [(name, tp.__name__) for name, tp in cls.__annotations__.items()]
print(fields(Point))
