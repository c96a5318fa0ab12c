"""Click option types shared by the commands: choices and help read from a registry when the
command runs, so a trainer or model registered at run time is accepted and listed."""

from __future__ import annotations

import click


class RegistryChoice(click.Choice):
    """A choice among a registry's names as they are when the command runs (a trainer or
    model registered at run time is accepted and listed in ``--help``)."""

    def __init__(self, names):
        self._names = names
        super().__init__(())

    @property
    def choices(self):
        return tuple(self._names())

    @choices.setter
    def choices(self, value):  # click's __init__ assigns it; the registry is the source
        pass


class LiveHelpOption(click.Option):
    """An option whose help text is ``live_help()``, read from a registry at ``--help`` time."""

    def __init__(self, *args, live_help=None, **kwargs):
        self._live_help = live_help
        super().__init__(*args, **kwargs)

    @property
    def help(self):
        return self._live_help() if self._live_help else self._help

    @help.setter
    def help(self, value):
        self._help = value
