// Package jafont ships the Japanese font of the PDF proposal: IPAex Gothic
// (IPAexゴシック, version 004.01), unmodified, under the IPA Font License
// Agreement v1.0, whose text lies beside it and ships with it (its Article 3.2
// allows redistributing the font as is, renamed never, with a copy of the
// agreement attached).
//
// The CLI embeds it, so `trainscale pdf --lang ja` needs no font installed;
// the page serves the file (Name) and fetches it only when the Japanese PDF
// is asked for, so neither the estimator module nor the export module carries
// its 6 MB. It is whole, not a subset: labels and names are free text, and
// any of its 11,691 characters (9,837 kanji) may be typed.
package jafont

import _ "embed"

// Name is the font's file name, in this directory and on the page.
const Name = "ipaexg.ttf"

// LicenseName is the licence's file name, in this directory and on the page.
const LicenseName = "IPA_Font_License_Agreement_v1.0.txt"

// TTF is IPAex Gothic, a TrueType font (6.1 MB).
//
//go:embed ipaexg.ttf
var TTF []byte

// License is the IPA Font License Agreement v1.0, in Japanese and English.
//
//go:embed IPA_Font_License_Agreement_v1.0.txt
var License []byte
