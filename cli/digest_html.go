package cli

import (
	"html/template"
	"io"
	"sync"
)

// The digest as an html page for a mail client: html/template escapes
// every string by where it stands (text, attribute, address), the page
// carries no script and no style sheet but a few attributes, so a mail
// client shows it as sent.

// digestPage is parsed on a digest's first page, not as every command
// starts.
var digestPage = sync.OnceValue(func() *template.Template {
	return template.Must(template.New("digest").Parse(digestPageText))
})

const digestPageText = `<!DOCTYPE html>
<html lang="{{.Lang}}">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
</head>
<body style="font-family: sans-serif">
<h1>{{.Title}}</h1>
{{range .Notes}}<p>{{.}}</p>
{{end}}{{range .Sections}}<h2>{{.Title}}</h2>
{{range .Lines}}<p>{{.}}</p>
{{end}}{{with .Table}}<table border="1" cellspacing="0" cellpadding="4">
<tr>{{range $i, $h := .Heads}}<th{{if $i}} align="right"{{else}} align="left"{{end}}>{{$h}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{$total := .Total}}{{range $i, $c := .Cells}}<td{{if $i}} align="right"{{end}}>{{if $total}}<b>{{$c}}</b>{{else}}{{$c}}{{end}}</td>{{end}}</tr>
{{end}}</table>
{{end}}{{if .Items}}<ul>
{{range .Items}}<li>{{.Line}}{{if .Link}}<br><a href="{{.Link}}">{{.Link}}</a>{{end}}</li>
{{end}}</ul>
{{end}}{{range .After}}<p>{{.}}</p>
{{end}}{{end}}</body>
</html>
`

// Line is the item's words whole, for the page.
func (it digestItem) Line() string { return it.line() }

func writeDigestHTML(w io.Writer, d digestDoc) error {
	return digestPage().Execute(w, d)
}
