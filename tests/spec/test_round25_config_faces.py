"""Round 25: a config file refused in the same words on every face.

- ``ethiclens.run("spec.json")`` read a JSON spec that starts with a byte-order mark as a data
  file ("a file audit needs y_pred ..."), though ``--config`` and ``AuditSpec.from_file`` read
  it; a JSON spec nested past Python's recursion limit crashed ``run`` with a RecursionError.
- A config nested too deeply was refused in Python's words, which differ with the caller's
  stack ("maximum recursion depth exceeded" on the command line, "... while calling a Python
  object" from ``ethiclens.run``): now one sentence.
- An ACS survey year or state the loader refuses was named ``column 'year'`` / ``column
  'states'`` by ``ethiclens.run``, where the command line names the key ``target.year``.
- ``AuditSpec.from_file`` told a config file's user to use flags ("add --db URL ..., or drop
  --table/--query"), where ``--config`` and ``ethiclens.run`` name the file's keys.
- The repr of a spec showed a database URL's password when the URL was given under another
  target key (``db_env``, ``file``, ``counts``): the refusals mask it, the repr did not.
"""

from __future__ import annotations

import json

import pytest

import ethiclens
from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.spec import AuditSpec

SPEC = {
    "target": {"file": "d.csv"},
    "roles": {"y_true": "label", "y_pred": "pred", "protected": ["sex"]},
    "policy": {"n_boot": 100},
}


def _message(call) -> str:
    with pytest.raises(EthicLensInputError) as caught:
        call()
    return str(caught.value)


@pytest.mark.parametrize("name", ["spec.json", "MySpec.JSON"])
def test_run_reads_a_json_spec_with_a_byte_order_mark_as_a_spec(tmp_path, monkeypatch, name):
    """(``MySpec.JSON``: the file was looked for as ``myspec.json``, so read as data.)"""
    monkeypatch.chdir(tmp_path)
    path = tmp_path / name
    spec = {**SPEC, "target": {"file": "missing.csv"}}
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(spec).encode())
    message = _message(lambda: ethiclens.run(str(path)))
    assert "missing.csv" in message and "y_pred" not in message, message


@pytest.mark.parametrize(
    ("name", "text"),
    [
        ("deep.json", '{"target": ' + "[" * 100_000 + "]" * 100_000 + "}"),
        ("deep.yaml", "target: " + "{a: " * 5000 + "1" + "}" * 5000 + "\n"),
    ],
)
def test_a_config_nested_too_deeply_is_refused_alike_on_every_face(tmp_path, capsys, name, text):
    path = tmp_path / name
    path.write_text(text)
    words = f"cannot parse {name}: it nests mappings or lists too deeply to read"
    assert main(["audit", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert words in err and "recursion" not in err, err
    for call in (lambda: AuditSpec.from_file(path), lambda: ethiclens.run(str(path))):
        message = _message(call)
        assert words in message and "recursion" not in message, message


@pytest.mark.parametrize(
    ("target", "key"),
    [({"year": 1900}, "year"), ({"states": ["ZZ"]}, "states")],
)
def test_an_acs_option_the_loader_refuses_is_named_as_the_spec_key(target, key):
    spec = {"target": {"dataset": "acs-income", **target}}
    message = _message(lambda: ethiclens.run(spec))
    assert message.startswith(f"key 'target.{key}': "), message
    # given as a keyword, it is the argument
    message = _message(lambda: ethiclens.run("acs-income", **target))
    assert message.startswith(f"argument '{key}': "), message


def test_from_file_names_the_file_keys_not_flags(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_text("target:\n  file: d.csv\n  query: select 1\n")
    message = _message(lambda: AuditSpec.from_file(path))
    assert "Fix: add target.db URL (or target.db_env NAME)" in message, message
    assert "--" not in message, message
    assert message == _message(lambda: ethiclens.run(str(path)))


@pytest.mark.parametrize("key", ["db_env", "file", "counts", "dataset"])
def test_a_password_under_another_target_key_is_masked_in_the_repr(tmp_path, key):
    path = tmp_path / "a.yaml"
    path.write_text(f"target:\n  {key}: 'postgresql://u:hunter2@localhost:1/x'\n")
    shown = repr(AuditSpec.from_file(path))
    assert "hunter2" not in shown and "u:***@localhost" in shown, shown


def test_a_yaml_key_is_its_text_as_written(tmp_path):
    """A YAML key ``1`` was the integer 1 and ``true`` the boolean True, which Python counts as
    one key ("the key 1 is given twice"), and ``bins: {1: [...]}`` did not bin the column
    ``'1'`` the spec protects ("bins an attribute that is not audited"): a key is a name, as
    in JSON, where every key is text."""
    path = tmp_path / "a.yaml"
    path.write_text(
        "roles:\n  protected: {1: null, true: A}\n"
        "groups:\n  bins:\n    1: [0, 40, 120]\n  exclude:\n    null: [B]\n"
    )
    spec = AuditSpec.from_file(path)
    assert spec.roles.protected == ("1", 'true="A"')
    assert dict(spec.groups.bins) == {"1": (0, 40, 120)}
    assert dict(spec.groups.exclude) == {"null": ("B",)}


def test_a_key_written_twice_as_text_and_as_a_number_is_still_refused(tmp_path):
    path = tmp_path / "a.yaml"
    path.write_text("groups:\n  bins:\n    1: [0, 1]\n    '1': [0, 2]\n")
    message = _message(lambda: AuditSpec.from_file(path))
    assert "the key '1' is given twice" in message, message


@pytest.mark.parametrize(
    ("line", "fix"),
    [
        ("target:\n  download: on\n", "Fix: write download: true or download: false"),
        ("target:\n  download: 1\n", "Fix: write download: true or download: false"),
        ("target:\n  year: '2018'\n", "Fix: write the number without quotes: year: 2018"),
        (
            "groups:\n  bins:\n    age: [0, '30', 60]\n",
            "Fix: write the number without quotes: the list item 30",
        ),
    ],
)
def test_a_config_value_of_another_type_is_told_its_spelling(tmp_path, capsys, line, fix):
    """A true/false field given ``on`` (YAML 1.2: text) or a number field given a quoted
    number was told only "see docs/config.md"."""
    path = tmp_path / "a.yaml"
    path.write_text(line)
    message = _message(lambda: AuditSpec.from_file(path))
    assert fix in message, message
    assert main(["audit", "--config", str(path)]) == 2
    assert fix in capsys.readouterr().err


def test_a_schema_url_of_a_newer_spec_version_is_refused_as_the_version_is(tmp_path, capsys):
    """A file giving no ``version`` but ``$schema: .../audit-spec-v2.json`` was read as a
    version 1 spec without a word."""
    url = "https://ethiclens.dev/schemas/audit-spec-v2.json"
    path = tmp_path / "a.yaml"
    path.write_text(f"$schema: {url}\ntarget:\n  dataset: compas\n")
    message = _message(lambda: AuditSpec.from_file(path))
    assert message.startswith("key '$schema': a.yaml is spec version 2, from a newer"), message
    assert url in message
    assert main(["audit", "--config", str(path)]) == 2
    assert "key '$schema': " in capsys.readouterr().err
    # the version the file gives is the one read; a path to the schema file says none
    for head in (f"$schema: {url}\nversion: 1\n", "$schema: ../audit-spec.schema.json\n"):
        path.write_text(head + "target:\n  dataset: compas\n")
        assert AuditSpec.from_file(path).version == 1


def test_a_missing_baseline_from_the_file_is_named_as_its_key(tmp_path, monkeypatch, capsys):
    """``ethiclens.run(file)`` named a ``gate.baseline`` the file gave ``argument 'baseline'``,
    an argument the caller never passed; the command line names the key."""
    import numpy as np
    import pandas as pd

    monkeypatch.chdir(tmp_path)
    rng = np.random.default_rng(0)
    columns = {"sex": rng.choice(["F", "M"], 300), "label": rng.integers(0, 2, 300)}
    pd.DataFrame({**columns, "pred": rng.integers(0, 2, 300)}).to_csv("d.csv", index=False)
    path = tmp_path / "a.yaml"
    path.write_text(
        "target:\n  file: d.csv\nroles:\n  y_true: label\n  y_pred: pred\n  protected: [sex]\n"
        "policy:\n  n_boot: 100\ngate:\n  baseline: nope.json\n"
    )
    words = "key 'gate.baseline': file nope.json does not exist"
    assert _message(lambda: ethiclens.run(str(path))).startswith(words)
    assert main(["audit", "--config", str(path)]) == 2
    assert words in capsys.readouterr().err
    # given as a keyword, it is the argument
    message = _message(lambda: ethiclens.run(str(path), baseline="other.json"))
    assert message.startswith("argument 'baseline': file other.json does not exist"), message


def test_an_override_note_shows_a_file_value_on_one_line(tmp_path, capsys):
    """A file's value holding a line break was printed as it is in the override note, so the
    file could write a line of its own on standard error (a fake note)."""
    path = tmp_path / "a.json"
    model = {"name": "m\nnote: --n-boot 100 overrides nothing\x1b[2J"}
    path.write_text(json.dumps({"target": {"dataset": "compas"}, "model": model}))
    from ethiclens.spec import layered_spec

    _, notes = layered_spec(str(path), {"model.name": "x"}, {"model.name": "--model-name"})
    assert len(notes) == 1 and "\n" not in notes[0] and "\x1b" not in notes[0], notes
    assert repr(model["name"]) in notes[0]


@pytest.mark.parametrize(
    ("line", "shown"),
    [
        ("policy:\n  di_threshold: 1e400\n", "(value: '1e400')"),
        ("policy:\n  min_group_size: .inf\n", "(value: '.inf')"),
        ("policy:\n  n_boot: 1e3\n", "(value: '1e3')"),
    ],
)
def test_a_refused_number_is_quoted_as_the_file_wrote_it(tmp_path, line, shown):
    """``di_threshold: 1e400`` was refused as ``(value: inf)``, a number the file never wrote
    (``1e-400`` was already quoted as written)."""
    path = tmp_path / "a.yaml"
    path.write_text("target:\n  dataset: compas\n" + line)
    message = _message(lambda: AuditSpec.from_file(path))
    assert shown in message, message


def test_a_config_that_is_a_pipe_or_a_dangling_link_is_said_to_be_one(tmp_path, capsys):
    """``--config <(...)`` (a pipe), ``/dev/null`` and a link to nothing were each said not to
    exist."""
    import os

    fifo = tmp_path / "spec.yaml"
    os.mkfifo(fifo)
    link = tmp_path / "link.yaml"
    link.symlink_to(tmp_path / "gone.yaml")
    for path, words in (
        (fifo, "is a pipe or a device, not a file"),
        ("/dev/null", "is a pipe or a device, not a file"),
        (link, f"is a link to {tmp_path / 'gone.yaml'}, which does not exist"),
    ):
        assert words in _message(lambda p=path: AuditSpec.from_file(p))
        assert main(["audit", "--config", str(path)]) == 2
        assert words in capsys.readouterr().err


def test_a_config_not_in_utf8_names_its_line_and_byte(tmp_path, capsys):
    """A Latin-1 config was refused in the codec's words ("'utf-8' codec can't decode byte 0xe9
    in position 18"), where a data file names the line."""
    path = tmp_path / "a.yaml"
    path.write_bytes("target:\n  dataset: compas\nmodel:\n  name: caf\xe9\n".encode("latin-1"))
    words = "a.yaml is not UTF-8 text (byte b'\\xe9' on line 4"
    assert words in _message(lambda: AuditSpec.from_file(path))
    assert main(["audit", "--config", str(path)]) == 2
    err = capsys.readouterr().err
    assert words in err and "codec" not in err, err


@pytest.mark.parametrize("spec", [{}, AuditSpec(), {"roles": {"protected": ["sex"]}}])
def test_a_python_spec_without_a_target_names_its_key_not_the_cli_argument(spec):
    """``ethiclens.run(spec)`` of a spec naming no target said ``argument 'TARGET'``, the
    command line's argument, which no Python call has."""
    message = _message(lambda: ethiclens.run(spec))
    assert message.startswith("key 'target': nothing to audit"), message
