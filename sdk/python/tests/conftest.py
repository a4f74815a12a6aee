# The plugin is loaded through its pytest11 entry point once the package is installed; running from
# the sources (PYTHONPATH=src, as `pnpm test` does), it is loaded here instead.
import importlib.metadata

if not any(ep.value == "cowboy_py.pytest_plugin" for ep in importlib.metadata.entry_points(group="pytest11")):
    pytest_plugins = ["cowboy_py.pytest_plugin"]
