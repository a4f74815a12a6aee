if a:
    pass
elif b:
    pass
elif c:
    x = 1
else:
    y = 2

if x: pass

while True:
    break
else:
    pass

while x:
    continue

for i in range(10):
    print(i)
else:
    done()

for a, b in pairs: pass
for (a, b), *c in z:
    pass
for x.y in z: pass
for x[0] in z: pass

with open(f) as fh:
    pass
with a as b, c as d:
    pass
with a, b:
    pass
with (a as b, c as d):
    pass
with (a, b):
    pass
with (a, b) as c:
    pass
with (a):
    pass
with a as (b, c):
    pass
with (
    open(a) as f,
    open(b) as g,
):
    pass

try:
    x()
except ValueError:
    pass
except (TypeError, KeyError) as e:
    raise
except Exception as e:
    raise RuntimeError("x") from e
except:
    pass
else:
    y()
finally:
    z()

try:
    pass
finally:
    pass

try:
    pass
except* ValueError as eg:
    pass
except* (TypeError, KeyError):
    pass

raise
raise X
raise X from None

if a:
    if b:
        if c:
            pass
    else:
        pass
