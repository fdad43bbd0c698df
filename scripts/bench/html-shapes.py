#!/usr/bin/env python3
"""The markup shapes on which tree construction went quadratic (issue 45), for
scripts/bench/html-shapes: writes each as SHAPE.html into FOLDER.

    html-shapes.py FOLDER

div-li        nested <div>s, then <li></li> pairs       0.56 MB
p-button-div  <p><button> before nested <div>s          0.2 MB
html-attrs    repeated <html aN> tags, each a new name   0.5 MB
select        a <select> with <selectedcontent> and many <option>s   0.18 MB
"""
import os
import sys

SHAPES = {
    "div-li": lambda: "<div>" * 20000 + "<li></li>" * 51000,
    "p-button-div": lambda: "<p><button>" + "<div>" * 40000,
    "html-attrs": lambda: "".join(f"<html a{i}>" for i in range(42000)),
    "select": lambda: "<select><button><selectedcontent></selectedcontent></button>"
    + "<option>x" * 20000
    + "</select>",
}

folder = sys.argv[1]
for name, make in SHAPES.items():
    with open(os.path.join(folder, name + ".html"), "w") as out:
        out.write(make())
