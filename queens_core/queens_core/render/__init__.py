"""Presentation without click: text reports, JSON documents and their schemas, colours,
SVG, PNG and charts, shared by the CLI, the web page and the image reader.

Imports the engine and the tools' data, never the CLI.
"""
