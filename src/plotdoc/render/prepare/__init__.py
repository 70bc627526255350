"""plotdoc.render.prepare"""
