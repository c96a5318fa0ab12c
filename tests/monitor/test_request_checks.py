"""The monitor's request checks: every key of an audit spec given with --config honoured or
refused (never ignored), a --store URL masked and checked by the audit's --db rule, and a
column playing two roles named with the options that share it."""

import json

import pytest
import yaml

from ethiclens.errors import EthicLensInputError
from ethiclens.monitor import MonitorRequest
from ethiclens.monitor._request import _NOT_HONOURED, HONOURED
from ethiclens.spec import AuditSpec, spec_schema

from .conftest import FLAGS
from .conftest import run_cli as _cli

ROLES = {"y_pred": "pred", "y_true": "label", "protected": ["race=White"]}


def _spec_keys() -> list[str]:
    props = spec_schema()["properties"]
    keys = [k for k in props if k != "$schema" and "properties" not in props[k]]
    for section, schema in props.items():
        keys += [f"{section}.{key}" for key in schema.get("properties", {})]
    return keys


def _other_value(path: str):
    """A value of ``path`` other than its default, valid by the schema."""
    section, key = path.split(".")
    schema = spec_schema(strict=True)["properties"][section]["properties"][key]
    default = AuditSpec().to_dict()[section][key]
    if "enum" in schema:
        return next(v for v in schema["enum"] if v not in (default, None))
    kinds = schema.get("type")
    kinds = [kinds] if isinstance(kinds, str) else kinds
    if "boolean" in kinds:
        return not default
    if "array" in kinds:
        return ["NE"]
    if "integer" in kinds:
        return 2019
    if "number" in kinds:  # inside the field's bounds (a confidence level is above 0.5)
        low, high = schema.get("exclusiveMinimum", 0), schema.get("exclusiveMaximum", 1)
        return 0.3 if low < 0.3 < high else (low + high) / 2
    return "x.txt"


def test_every_spec_key_is_honoured_or_refused():
    """A key added to the spec later is refused until the monitor honours it (no key is
    silently ignored)."""
    keys = _spec_keys()
    assert "gate.fail_on" in keys and "outputs.json" in keys and "policy.ci" in keys
    for path in keys:
        assert (path in HONOURED) != (path in _NOT_HONOURED), path


@pytest.mark.parametrize("path", sorted(_NOT_HONOURED))
def test_a_key_the_monitor_cannot_honour_is_refused_by_its_key(path):
    section, key = path.split(".")
    data = {"target": {"file": "feed/"}, "roles": dict(ROLES)}
    if section == "target" and key in ("dataset", "counts"):
        data["target"] = {key: "compas"}
    else:
        data.setdefault(section, {})[key] = _other_value(path)
    spec = AuditSpec.from_dict(data)
    with pytest.raises(EthicLensInputError) as exc:
        MonitorRequest.from_spec(spec, time="ts", window="1d")
    assert exc.value.column in (path, "TARGET")
    assert exc.value.fix


def test_a_key_not_listed_is_refused_too(monkeypatch):
    from ethiclens.monitor import _request

    monkeypatch.setattr(_request, "_NOT_HONOURED", {})
    spec = AuditSpec.from_dict({"target": {"file": "f/"}, "roles": ROLES, "model": {"name": "m"}})
    with pytest.raises(EthicLensInputError, match="not honoured by the monitor"):
        MonitorRequest.from_spec(spec, time="ts", window="1d")


def test_defaults_written_out_and_a_null_seed_are_honoured():
    data = {
        "target": {"file": "f/"},
        "roles": ROLES,
        "policy": {"ci": "jeffreys", "seed": None, "di_rule": "two_sided"},
        "gate": {"fail_on": "never"},
        "model": {"name": None},
    }
    req = MonitorRequest.from_spec(AuditSpec.from_dict(data), time="ts", window="1d")
    assert req.seed == 0  # the audit's fresh seed is the monitor's default: reproducible draws


def _config(tmp_path, data, **sections):
    config = tmp_path / "spec.yaml"
    spec = {"target": {"file": str(data)}, "roles": ROLES, **sections}
    config.write_text(yaml.safe_dump(spec))
    return config


def test_config_outputs_are_written_and_flags_win_with_a_note(tmp_path, days, capsys):
    data = days(tmp_path / "data", range(2), n=200)
    out = {"json": str(tmp_path / "spec.json"), "html": str(tmp_path / "spec.html")}
    config = _config(tmp_path, data, outputs=out)
    base = ["monitor", "--config", config, "--time", "ts", "--window", "1d"]
    rc, _, err = _cli(capsys, *base, "--store", tmp_path / "a.sqlite")
    assert rc == 0, err
    assert json.loads((tmp_path / "spec.json").read_text())["schema_version"] == 1
    assert "<html" in (tmp_path / "spec.html").read_text()
    flag_json = tmp_path / "flag.json"
    rc, _, err = _cli(capsys, *base, "--store", tmp_path / "b.sqlite", "--json", flag_json)
    assert rc == 0 and flag_json.is_file()
    assert f"note: --json {flag_json} overrides outputs.json = {out['json']}" in err


@pytest.mark.parametrize(
    ("sections", "key", "words"),
    [
        ({"gate": {"fail_on": "flagged"}}, "gate.fail_on", "--fail-on alarm"),
        ({"outputs": {"model_card": "card.md"}}, "outputs.model_card", "outputs.json"),
        ({"policy": {"ci": "bca"}}, "policy.ci", "Jeffreys"),
        ({"roles": {**ROLES, "positive": "harmful"}}, "roles.positive", "two-sided"),
        ({"model": {"name": "scorer"}}, "model.name", "model card"),
    ],
)
def test_config_keys_refused_on_the_command_line(tmp_path, days, capsys, sections, key, words):
    config = _config(tmp_path, days(tmp_path / "data", range(1), n=50), **sections)
    store = tmp_path / "s.sqlite"
    rc, _, err = _cli(capsys, "monitor", "--config", config, "--time", "ts", "--window", "1d",
                      "--store", store)  # fmt: skip
    assert rc == 2 and f"key '{key}'" in err and words in err and "Fix:" in err
    assert not store.exists()


SECRET = "S3cr3tPW"


@pytest.mark.parametrize(
    "url",
    [
        f"mysql://alice:{SECRET}@h/db",
        f"POSTGRESQL://alice:{SECRET}@h/db",
        f"postgres://alice:{SECRET}@h/db",
        f"sqlite:///{SECRET}.db",
        f"Snowflake+x://alice:{SECRET}@acct/db",
    ],
)
def test_a_store_url_not_postgresql_is_refused_masked(tmp_path, days, capsys, url):
    data = days(tmp_path / "data", range(1), n=50)
    rc, out, err = _cli(capsys, "monitor", data, *FLAGS, "--protected", "race", "--store", url)
    assert rc == 2 and "option '--store'" in err and "URL" in err
    assert "postgresql" in err  # the supported scheme is named
    if "sqlite" not in url:
        assert SECRET not in err + out


def test_python_callers_get_the_store_url_rule_too(tmp_path, days):
    from ethiclens.monitor import read_store, run_monitor

    data = days(tmp_path / "data", range(1), n=50)
    url = f"mysql://alice:{SECRET}@h/db"
    request = MonitorRequest(
        target=str(data), time="ts", window="1d", y_pred="pred", protected=("race",)
    )
    # run_monitor names its argument store_path (round 47); read_store its flag=, --store
    for call, name in ((lambda: run_monitor(request, url), "store_path"),
                       (lambda: read_store(url), "--store")):  # fmt: skip
        with pytest.raises(EthicLensInputError) as exc:
            call()
        assert exc.value.column == name and SECRET not in str(exc.value)


def test_a_postgresql_store_url_is_taken_with_any_driver():
    url = f"postgresql+psycopg2://alice:{SECRET}@h/db?schema=m"
    assert MonitorRequest.checked_store(url) == f"postgresql://alice:{SECRET}@h/db?schema=m"
    for url in ("postgresql://a@h/d", "postgresql+psycopg://a@h/d", "store.sqlite", "a/b:c"):
        assert MonitorRequest.checked_store(url) == url


@pytest.mark.parametrize(
    ("options", "named"),
    [
        (["--protected", "race", "--weight", "race"], "--protected and --weight both name 'race'"),
        (["--protected", "race", "--y-true", "pred"], "--y-pred and --y-true both name 'pred'"),
        (["--protected", "ts"], "--time and --protected both name 'ts'"),
        (["--protected", "race", "--propensity", "label"],
         "--y-true and --propensity both name 'label'"),
    ],
)  # fmt: skip
def test_a_column_playing_two_roles_names_the_options(tmp_path, days, capsys, options, named):
    data = days(tmp_path / "data", range(1), n=50)
    base = ["--time", "ts", "--window", "1d", "--y-pred", "pred"]
    if "--y-true" not in options:
        base += ["--y-true", "label"]
    rc, _, err = _cli(capsys, "monitor", data, *base, *options, "--store", tmp_path / "s.sqlite")
    assert rc == 2 and named in err
    if "--propensity" not in options:
        assert "--propensity" not in err
    if "--weight" not in options:
        assert "--weight" not in err


def test_a_target_flag_over_the_configs_database_is_said_without_its_password(
    tmp_path, days, capsys
):
    # the config's target is a database; a file or another --db replaces it, as in the audit
    data = days(tmp_path / "data", range(2), n=200)
    config = tmp_path / "spec.yaml"
    target = {"db": "postgresql://u:Sekrit-9@localhost/x", "table": "preds"}
    config.write_text(yaml.safe_dump({"target": target, "roles": ROLES}))
    base = ["monitor", "--config", config, "--time", "ts", "--window", "1d"]
    rc, _, err = _cli(capsys, *base, data, "--store", tmp_path / "a.sqlite")
    assert rc == 0, err
    assert f"note: TARGET {data} overrides target.db = postgresql://u:***@localhost/x" in err
    assert f"note: TARGET {data} overrides target.table = preds" in err
    assert "Sekrit-9" not in err
    rc, _, err = _cli(capsys, *base, "--db-env", "NOT_SET_EVER", "--store", tmp_path / "b.sqlite")
    assert rc == 2
    assert "note: --db-env NOT_SET_EVER overrides target.db = postgresql://u:***@localhost/x" in err
    assert "Sekrit-9" not in err
