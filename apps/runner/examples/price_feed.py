from cowboy_sdk import actor, runner

SCHEMA = {"type": "object", "properties": {"price": {"type": "integer"}}, "required": ["price"]}


@actor
class PriceFeed:
    def refresh(self, url):
        return runner.submit("http", {"method": "GET", "url": url}, result_schema=SCHEMA,
                             runners=3, quorum=2, verification="majority_vote", max_price="2cby",
                             allow_domains=["127.0.0.1"], callback="on_price")

    @runner.continuation
    def on_price(self, job_id, status, result):
        self.storage["price"] = [status, result]

    def price(self):
        return self.storage.get("price")
