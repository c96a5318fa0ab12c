"""The core install works without the extras, and a missing extra is a one-line exit-2 error.

``make test`` also installs the core alone in a throw-away venv and audits COMPAS there; these
tests check the same split inside the development venv by blocking the extras' modules.
"""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from pathlib import Path

import click
import pytest

from ethiclens._optional import EXTRA_OF, MissingExtraError, as_missing_extra, require
from ethiclens.errors import EthicLensInputError

ROOT = Path(__file__).resolve().parents[1]
OPTIONAL = (
    "torch",
    "opacus",
    "mbi",
    "jax",
    "jaxlib",
    "xgboost",
    "distributed",
    "dask",
    "folktables",
    "duckdb",
    "sqlalchemy",
    "psycopg",
    "pyspark",
    "starlette",
    "uvicorn",
    "multipart",
    "python_multipart",
)

# A subprocess prelude that makes the extras' modules unimportable, as in a core-only install.
BLOCK = f"""
import importlib.abc, sys
class _Block(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in {OPTIONAL!r}:
            raise ModuleNotFoundError(f"No module named {{name!r}}", name=name)
        return None
sys.meta_path.insert(0, _Block())
"""


def _pyproject():
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _names(requirements):
    return {
        r.split(";")[0].split("[")[0].split(">")[0].split("=")[0].split("<")[0].strip().lower()
        for r in requirements
    }


def test_core_dependencies_exclude_the_heavy_ones():
    core = _names(_pyproject()["dependencies"])
    assert not core & {
        "torch",
        "opacus",
        "mbi",
        "jax",
        "xgboost",
        "distributed",
        "dask",
        "folktables",
        "duckdb",
        "sqlalchemy",
        "psycopg",
        "pyspark",
    }
    assert {"numpy", "pandas", "scikit-learn", "matplotlib", "click", "jinja2"} <= core


def test_extras_install_what_they_promise():
    extras = _pyproject()["optional-dependencies"]
    assert _names(extras["dpsgd"]) == {"torch", "opacus", "threadpoolctl"}
    assert _names(extras["synth"]) == {"mbi", "jax"}
    assert _names(extras["models"]) == {"xgboost"}
    assert _names(extras["dask"]) == {"distributed"}
    assert _names(extras["acs"]) == {"folktables"}
    assert _names(extras["duckdb"]) == {"duckdb"}
    assert _names(extras["sql"]) == {"sqlalchemy", "psycopg", "sqlglot"}
    assert _names(extras["spark"]) == {"pyspark"}
    assert _names(extras["web"]) == {"starlette", "uvicorn", "python-multipart"}
    assert extras["all"] == ["ethiclens[dpsgd,synth,models,dask,acs,duckdb,sql,spark,web]"]
    # every optional module maps to an extra that exists
    assert set(EXTRA_OF.values()) <= set(extras) - {"all", "test"}


def test_require_returns_the_module_or_names_the_extra():
    assert require("json") is json
    with pytest.raises(MissingExtraError) as info:
        require("ethiclens_no_such_module_xyz", extra="dpsgd")
    err = info.value
    assert isinstance(err, EthicLensInputError) and isinstance(err, ImportError)
    assert "optional dependency ethiclens_no_such_module_xyz" in str(err)
    assert "pip install 'ethiclens[dpsgd]'" in str(err)


def test_a_missing_optional_module_maps_to_its_extra():
    err = as_missing_extra(ModuleNotFoundError("No module named 'torch.nn'", name="torch.nn"))
    assert err is not None and err.extra == "dpsgd"
    assert as_missing_extra(ModuleNotFoundError("x", name="folktables")).extra == "acs"
    assert as_missing_extra(ModuleNotFoundError("x", name="not_an_extra")) is None
    assert as_missing_extra(ValueError("x")) is None


def test_cli_turns_a_missing_extra_into_exit_2(capsys):
    from ethiclens.cli import _main

    @click.command("needs-opacus")
    def needs_opacus():
        raise ModuleNotFoundError("No module named 'opacus'", name="opacus")

    @click.command("broken")
    def broken():
        raise ModuleNotFoundError("No module named 'not_an_extra'", name="not_an_extra")

    _main.cli.add_command(needs_opacus)
    _main.cli.add_command(broken)
    try:
        assert _main.main(["needs-opacus"]) == 2
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0
        assert "optional dependency opacus" in err and "pip install 'ethiclens[dpsgd]'" in err
        with pytest.raises(ModuleNotFoundError):  # a real bug is not disguised as an extra
            _main.main(["broken"])
    finally:
        del _main.cli.commands["needs-opacus"], _main.cli.commands["broken"]


def _run_blocked(code: str, tmp_path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-c", BLOCK + code],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        timeout=600,
    )


def test_every_module_imports_without_the_extras(tmp_path):
    code = """
import importlib, pkgutil, ethiclens
failed = []
for m in pkgutil.walk_packages(ethiclens.__path__, "ethiclens."):
    if m.name == "ethiclens.__main__":
        continue
    try:
        importlib.import_module(m.name)
    except Exception as exc:
        failed.append(f"{m.name}: {exc!r}")
print("FAILED=" + repr(failed))
"""
    proc = _run_blocked(code, tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().splitlines()[-1] == "FAILED=[]", proc.stdout


def test_core_audit_runs_and_extras_commands_say_what_to_install(tmp_path):
    out = tmp_path / "out.json"
    code = f"""
import sys
from ethiclens.cli import main
rc = main(["audit", "compas", "--n-boot", "200", "--json", {str(out)!r}])
print("AUDIT_RC=%d" % rc)
print("TORCH=%s" % ("torch" in sys.modules))
rc = main(["pcer", "train", "compas", "--epochs", "1"])
print("PCER_RC=%d" % rc)
"""
    proc = _run_blocked(code, tmp_path)
    lines = proc.stdout.splitlines()
    assert "AUDIT_RC=0" in lines, proc.stderr[-2000:]
    assert json.loads(out.read_text())["schema_version"]
    assert "TORCH=False" in lines
    assert "PCER_RC=2" in lines, proc.stderr[-2000:]
    assert "pip install 'ethiclens[dpsgd]'" in proc.stderr
    assert "Traceback" not in proc.stderr
