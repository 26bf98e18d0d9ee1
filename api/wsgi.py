"""WSGI entry point for gunicorn: ``gunicorn api.wsgi:app``."""

from api.app import create_app

app = create_app()
