try:
x
except: pass
