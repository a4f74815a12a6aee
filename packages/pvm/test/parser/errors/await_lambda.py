lambda: await x
