package api

// Swap replaces a method for a test; restore puts it back.
func Swap(name string, m Method) (restore func()) {
	old := methods[name]
	methods[name] = m
	return func() { methods[name] = old }
}
