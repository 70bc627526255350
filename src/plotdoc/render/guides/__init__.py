"""plotdoc.render.guides"""
