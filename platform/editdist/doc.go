// Package editdist measures how far one word is from another (edit distance, a swap of neighbours counted as one edit) and finds the allowed key a misspelt one means.
package editdist
