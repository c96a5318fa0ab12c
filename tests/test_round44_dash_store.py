"""Round 44: '-' (the CLI's standard output) as a store made a SQLite file named '-':
'ethiclens monitor ... --store -' ran and wrote its windows there, 'ethiclens serve --store -'
started with 'history: -' (and --data-dir - made a folder '-'), where 'pcer sweep --store -'
is refused. Each is refused now, naming the option, before anything is made."""

import pytest
import uvicorn

from ethiclens.cli import main

CSV = "t,g,y,p\n" + "".join(
    f"2024-01-{d:02d},{'ab'[d % 2]},{d % 2},{d // 2 % 2}\n" for d in range(1, 29)
)


def test_monitor_refuses_a_dash_store(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "d.csv").write_text(CSV)
    argv = ["monitor", "d.csv", "--time", "t", "--y-pred", "p", "--y-true", "y"]
    assert main([*argv, "--protected", "g", "--window", "7D", "--store", "-"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: option '--store': is '-' (standard input or output)"), err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.csv"]


@pytest.mark.parametrize("flag", ["--store", "--monitor-store", "--data-dir"])
def test_serve_refuses_a_dash_path(tmp_path, monkeypatch, capsys, flag):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(uvicorn, "run", lambda *a, **k: pytest.fail("the app was started"))
    extra = [] if flag == "--data-dir" else ["--data-dir", "data"]
    assert main(["serve", flag, "-", *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: option '{flag}': is '-' (standard input or output)"), err
    assert not (tmp_path / "-").exists()
