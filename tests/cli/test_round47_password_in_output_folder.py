"""Sibling of ef773572 (an output path holding a password refused by check_writable): an output
FOLDER was not checked. 'p2nia release --out postgresql://u:hunter2@h/rel' created the folder
'postgresql:/u:hunter2@h' and was then refused by check_writable's probe without naming --out
("error: the path's part 'u:***@h' ..."); '--out rel/password=hunter2' wrote the release there.
io.check_outputs (every command's outputs, before any work) and io.ensure_output_folder (p2nia
experiment's --out, a folder made before work) refuse such a path naming the flag; a folder
named with an '@' alone (a@corp) is written as before."""

import pytest

from ethiclens.cli import main
from ethiclens.errors import EthicLensInputError
from ethiclens.io import ensure_output_folder
from ethiclens.p2nia import make_request, write_request

NAMES = {"url": "postgresql://u:hunter2@h/rel", "key": "rel/password=hunter2"}


def _release(tmp_path, monkeypatch, out):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text("sex,label,pred\n" + "a,1,0\nb,0,1\n" * 10)
    write_request(make_request(10, "sex", epsilon=1.0, protected_domain=["a", "b"]), "req.json")
    argv = ["p2nia", "release", "--request", "req.json", "--data", "d.csv", "--y-true"]
    return main([*argv, "label", "--y-pred", "pred", "--out", out])


@pytest.mark.parametrize("out", NAMES.values(), ids=NAMES.keys())
def test_a_release_folder_holding_a_password_is_refused_by_its_flag(
    tmp_path, monkeypatch, capsys, out
):
    assert _release(tmp_path, monkeypatch, out) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--out") and "hunter2" not in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.csv", "req.json"]


def test_a_folder_with_an_at_sign_alone_is_written(tmp_path, monkeypatch, capsys):
    assert _release(tmp_path, monkeypatch, "a@corp/rel") == 0, capsys.readouterr().err
    assert (tmp_path / "a@corp" / "rel" / "manifest.json").is_file()


@pytest.mark.parametrize("create", [True, False])
def test_an_output_folder_holding_a_password_is_refused_before_it_is_made(tmp_path, create):
    with pytest.raises(EthicLensInputError) as exc:
        ensure_output_folder(tmp_path / "u:hunter2@h" / "out", "--out", create=create)
    assert str(exc.value).startswith("option '--out'") and "hunter2" not in str(exc.value)
    assert not list(tmp_path.iterdir())
