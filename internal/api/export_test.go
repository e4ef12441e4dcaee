package api

// Swap replaces a method of a for a test; restore puts it back.
func (a *API) Swap(name string, m Method) (restore func()) {
	old := a.methods[name]
	a.methods[name] = m
	return func() { a.methods[name] = old }
}

// Answer is what method m of a returns for req, before it is written as JSON.
func (a *API) Answer(m string, req []byte) (any, error) { return a.methods[m](req) }
