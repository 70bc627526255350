"""plotdoc.render.style"""
