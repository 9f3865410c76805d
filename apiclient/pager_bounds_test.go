package apiclient

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"testing"
	"time"
)

// The pager's bounds (section 1, rule 1: 500 entities a query), against a
// service that always says "more": which pages it asks for, and when it
// calls a list cut by the cap.

func walk(t *testing.T, count int, page func(page, count int) Page[int]) (pages []int, n int, p *Pager[int]) {
	t.Helper()
	p = NewPager(count, func(_ context.Context, pg, cnt int) (Page[int], error) {
		if pg > 600 {
			t.Fatalf("page %d asked for: the pager does not stop", pg)
		}
		pages = append(pages, pg)
		return page(pg, cnt), nil
	})
	for _, err := range p.All(context.Background()) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	return pages, n, p
}

func full(total int) func(page, count int) Page[int] {
	return func(_, count int) Page[int] { return Page[int]{Objects: make([]int, count), Total: total, More: true} }
}

func TestThePagerAsksForThePagesUnderTheCapOnly(t *testing.T) {
	for count, want := range map[int][]int{
		100: {0, 1, 2, 3, 4},
		0:   {0, 1, 2, 3, 4}, // no count: 100
		500: {0, 1, 2, 3, 4}, // over the contract's 100: 100
		-5:  {0, 1, 2, 3, 4},
		50:  {0, 1, 2, 3, 4, 5, 6, 7, 8, 9},
		30:  {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, // page 16 starts at 480
	} {
		pages, n, p := walk(t, count, full(5000))
		per := count
		if count <= 0 || count > 100 {
			per = 100
		}
		if !slices.Equal(pages, want) || n != len(want)*per {
			t.Errorf("count %d: pages %v (%d entities), want %v", count, pages, n, want)
		}
		if !p.Truncated() {
			t.Errorf("count %d: 5000 in all, %d read, not truncated", count, n)
		}
	}
	if pages, _, _ := walk(t, 1, full(5000)); len(pages) != 500 || pages[499] != 499 {
		t.Errorf("count 1: %d pages", len(pages))
	}
}

func TestAnEmptyPageEndsTheWalkWhateverItSays(t *testing.T) {
	pages, n, p := walk(t, 100, func(page, count int) Page[int] {
		if page == 1 {
			return Page[int]{Total: 5000, More: true}
		}
		return Page[int]{Objects: make([]int, count), Total: 5000, More: true}
	})
	if !slices.Equal(pages, []int{0, 1}) || n != 100 {
		t.Errorf("pages %v, %d entities; want the walk to end at the empty page", pages, n)
	}
	if p.Truncated() {
		t.Error("100 of 5000 read, ended by the service, taken for the cap")
	}
}

func TestTruncatedMeansTheCapCutTheList(t *testing.T) {
	ends := func(last, total int) func(page, count int) Page[int] {
		return func(page, count int) Page[int] {
			return Page[int]{Objects: make([]int, count), Total: total, More: page < last}
		}
	}
	for _, c := range []struct {
		last, total int
		want        bool
	}{
		{4, 500, false}, // exactly 500: all of it
		{4, 501, true},
		{3, 1000, true},  // the service stopped a page short of the cap
		{2, 1000, false}, // far from the cap: the service's list ended
		{0, 100, false},
	} {
		_, n, p := walk(t, 100, ends(c.last, c.total))
		if p.Truncated() != c.want || (p.Err() != nil) != c.want {
			t.Errorf("%d of %d: truncated %v, err %v; want %v", n, c.total, p.Truncated(), p.Err(), c.want)
		}
		if c.want && p.Err().Error() != fmt.Sprintf("%s: %d of %d reached", ErrCapped, n, c.total) {
			t.Errorf("%v", p.Err())
		}
	}
}

func TestTheReceivedQueryOnTheWire(t *testing.T) {
	zero := StatusInbox
	from := time.Unix(1700000000, 0)
	for _, c := range []struct {
		q    ReceivedQuery
		want url.Values
	}{
		{ReceivedQuery{}, url.Values{}},
		{ReceivedQuery{Status: &zero, Page: 0, Count: 0}, url.Values{"status": {"0"}}},
		{ReceivedQuery{Page: 1, Count: 1, DateEventFrom: from}, url.Values{"page": {"1"}, "count": {"1"}, "date_event_from": {"1700000000"}}},
		{ReceivedQuery{DateEventTo: from}, url.Values{"date_event_to": {"1700000000"}}},
	} {
		got := c.q.values()
		if got.Encode() != c.want.Encode() {
			t.Errorf("%+v: %s, want %s", c.q, got.Encode(), c.want.Encode())
		}
	}
}
