"""Shared fixtures: the app, its test client, and a helper that checks one transcript."""

from __future__ import annotations

import os
from typing import Any

import pytest

from service import create_app

# The whole app under test, with the load tests' echo route, which production leaves off
# (tests/test_hardening.py checks that it is off by default).
os.environ["DOKO_ECHO"] = "on"
# doko-check speaks the locale's language: the tests read its English unless they ask.
os.environ["LC_ALL"] = "C.UTF-8"


@pytest.fixture(scope="session")
def app():
    return create_app()


@pytest.fixture()
def client(app):
    return app.test_client()


@pytest.fixture()
def check(client):
    """POST a transcript to /v1/games/check and return the JSON answer (asserting 200)."""

    def run(transcript: dict[str, Any]) -> dict[str, Any]:
        response = client.post("/v1/games/check", json=transcript)
        assert response.status_code == 200, response.get_data(as_text=True)
        return response.get_json()

    return run
