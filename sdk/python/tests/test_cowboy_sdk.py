"""cowboy_sdk imports under plain Python with the PVM module's whole public surface."""

import ast
import importlib.util
import inspect
from pathlib import Path

import pytest

import cowboy_sdk

PVM_SDK = Path(__file__).resolve().parents[3] / "packages" / "pvm" / "src" / "sdk" / "cowboy_sdk.py"


def _public_names(tree: ast.Module) -> dict[str, ast.AST]:
    names: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and not node.name.startswith("_"):
            names[node.name] = node
        elif isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name) and not target.id.startswith("_"):
                    names[target.id] = node
    return names


def test_has_every_public_name_of_the_pvm_sdk_with_the_same_parameters():
    pvm = _public_names(ast.parse(PVM_SDK.read_text("utf-8")))
    assert pvm, "the PVM's cowboy_sdk.py was not found or is empty"
    for name, node in pvm.items():
        assert hasattr(cowboy_sdk, name), f"cowboy_sdk lacks {name}"
        if isinstance(node, ast.FunctionDef):
            ours = inspect.signature(getattr(cowboy_sdk, name))
            theirs = [a.arg for a in node.args.args + node.args.kwonlyargs]
            assert [p.name for p in ours.parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)] == theirs, name


def test_an_actor_module_imports_and_its_decorators_work():
    path = Path(__file__).parent / "actors" / "auction.py"
    spec = importlib.util.spec_from_file_location("auction_under_plain_python", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.Auction.__cowboy_actor__ is True
    assert module.Auction.storage is cowboy_sdk.storage


def test_chain_only_calls_say_so():
    with pytest.raises(cowboy_sdk.OutsideChainError, match="msg.sender runs only inside an actor"):
        _ = cowboy_sdk.msg.sender
    with pytest.raises(cowboy_sdk.OutsideChainError):
        cowboy_sdk.set_timer(10, "close")
    assert "pre-charged" in cowboy_sdk.set_timer.__doc__


def test_is_typed():
    assert (Path(cowboy_sdk.__file__).parent / "py.typed").is_file()
