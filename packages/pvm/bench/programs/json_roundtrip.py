# JSON parse and re-serialise: build a nested document of records, dump it, load it back, edit
# it and dump again with different options (the json module, dicts, lists, str escaping)
import json

def make_doc(n):
    items = []
    for i in range(n):
        items.append({
            "id": i,
            "name": "item-" + str(i * 7 % 1000),
            "price": (i * 37 % 1000) / 8,
            "tags": ["t" + str(i % 5), "g" + str(i % 3)],
            "active": i % 4 != 0,
            "note": None if i % 6 else "quote \"x\" and\ttab",
            "dims": {"w": i % 11, "h": i % 13, "d": i % 17},
        })
    return {"version": 3, "owner": "bench", "items": items}

def bench():
    doc = make_doc(300)
    text = json.dumps(doc)
    back = json.loads(text)
    total = 0
    for it in back["items"]:
        if it["active"]:
            total += it["dims"]["w"] * it["dims"]["h"]
            it["tags"].append("seen")
        it["price"] = round(it["price"] * 1.5, 2)
    back["owner"] = "edited"
    pretty = json.dumps(back, indent=2, sort_keys=True)
    again = json.loads(pretty)
    compact = json.dumps(again, separators=(",", ":"))
    return len(text), len(pretty), len(compact), total, again["items"][7]["price"]
