try:
  pass
except:
  pass
except ValueError:
  pass
