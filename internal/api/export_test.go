package api

// Swap replaces a method of a for a test; restore puts it back.
func (a *API) Swap(name string, m Method) (restore func()) {
	old := a.methods[name]
	a.methods[name] = m
	return func() { a.methods[name] = old }
}
