from __future__ import annotations

import pytest
from typer.testing import CliRunner

from runehall.cli.app import app

pytest_plugins = ["service_fixtures"]


class Cli:
    def __init__(self) -> None:
        self.runner = CliRunner()

    def __call__(self, *args: str, code: int = 0) -> str:
        result = self.runner.invoke(app, list(args))
        assert result.exit_code == code, (result.exit_code, result.output, result.exception)
        assert "Traceback" not in result.output
        return result.output


@pytest.fixture
def cli() -> Cli:
    return Cli()
