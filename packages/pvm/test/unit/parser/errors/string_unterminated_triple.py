x='''abc

