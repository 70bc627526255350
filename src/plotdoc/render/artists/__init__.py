"""plotdoc.render.artists.collections"""
