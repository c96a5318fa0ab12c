"""Round 50: every name a package exports refuses a keyword it does not take with the
project's one refusal (``UnknownKeywordError``: an ``EthicLensInputError``, still a
``TypeError``) naming the keyword, never Python's bare TypeError: ``monitor.Store(path,
n_bot=1)``, ``datasets.Dataset(n_bot=1)``, ``experiments.InlineExecutor(n_bot=1)``,
``web.serve_settings(n_bot=1)``, ``privacy.print_summary(r, n_bot=1)`` ..."""

from __future__ import annotations

import importlib
import inspect
import types

import pytest

from ethiclens._keywords import UnknownKeywordError

PACKAGES = [
    "ethiclens",
    "ethiclens.datasets",
    "ethiclens.experiments",
    "ethiclens.fairness",
    "ethiclens.monitor",
    "ethiclens.p2nia",
    "ethiclens.privacy",
    "ethiclens.probes",
    "ethiclens.report",
    "ethiclens.sources",
    "ethiclens.spec",
    "ethiclens.web",
]
for _package in PACKAGES:  # imported as the suite imports them: a test times its calls
    importlib.import_module(_package)
# takes any name by design: each keyword is an input it pairs (align_inputs(y_true=..., ...))
ANY_NAME = {"align_inputs"}


def _takes_any_keyword(obj) -> bool:
    try:
        parameters = inspect.signature(obj).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.kind is p.VAR_KEYWORD for p in parameters)


def _callables(obj, name):
    if not _takes_any_keyword(obj):
        yield name, obj
    if isinstance(obj, type):
        for attr, value in vars(obj).items():
            if attr.startswith("_") or _takes_any_keyword(getattr(obj, attr)):
                continue
            if isinstance(value, classmethod | staticmethod):
                yield f"{name}.{attr}", getattr(obj, attr)
            elif isinstance(value, types.FunctionType):  # self not needed: refused before
                yield f"{name}.{attr}", getattr(obj, attr).__get__(object.__new__(obj))


@pytest.mark.parametrize("package", PACKAGES)
def test_every_exported_name_refuses_an_unknown_keyword_in_the_projects_words(package):
    module = importlib.import_module(package)
    bare = []
    for name in module.__all__:
        obj = getattr(module, name)
        if not callable(obj) or name in ANY_NAME or name in ("cli", "main"):
            continue
        if isinstance(obj, type) and issubclass(obj, BaseException):
            continue
        for label, call in _callables(obj, name):
            try:
                call(n_bot=1)
            except UnknownKeywordError as e:
                if "'n_bot'" not in str(e):
                    bare.append(f"{label}: {e}")
            except Exception as e:  # noqa: BLE001 - the list says what each raised
                bare.append(f"{label}: {type(e).__name__}: {e}")
            else:
                bare.append(f"{label}: took n_bot")
    assert not bare, "\n".join(bare)


def test_the_kwargs_entries_refuse_an_unknown_keyword_alike(tmp_path):
    from ethiclens.monitor import MonitorRequest
    from ethiclens.privacy import check_split_columns
    from ethiclens.spec import AuditSpec

    with pytest.raises(
        UnknownKeywordError, match=r"from_spec\(\) .* 'alhpa'; did you mean 'alpha'"
    ):
        MonitorRequest.from_spec(AuditSpec.of("x.csv"), time="t", window="1d", alhpa=0.1)
    with pytest.raises(UnknownKeywordError, match=r"'id'; did you mean 'ids'"):
        check_split_columns(y_true="y", id="i")


def test_web_store_finish_refuses_an_unknown_keyword(tmp_path):
    from ethiclens.web import Store

    store = Store(str(tmp_path / "h.sqlite"))
    try:
        with pytest.raises(UnknownKeywordError, match=r"Store.finish\(\) .* 'csvv'; did you"):
            store.finish("a", result={}, html="", card="", fingerprint="", verdict="", csvv="")
    finally:
        store.close()


def test_an_exported_function_is_the_defining_modules_and_keeps_its_cache():
    import pickle

    from ethiclens import report, web
    from ethiclens.web import _settings

    assert web.serve_settings is _settings.serve_settings  # one object: pickle finds it
    assert pickle.loads(pickle.dumps(web.serve_settings)) is web.serve_settings
    assert report.load_schema() is report.load_schema()
    assert report.load_schema.cache_info().currsize == 1
