"""Guides: axes, titles, legend, annotations and labels around the marks."""
