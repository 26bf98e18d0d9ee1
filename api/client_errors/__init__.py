"""Crash reports sent by the web application."""
