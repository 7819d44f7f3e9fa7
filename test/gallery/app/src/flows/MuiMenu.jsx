// MUI's Menu behind a button (its docs' "Basic menu"): a portal with a backdrop, items that close it.
import { useState } from 'react';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useReport } from '../state.js';

export default function MuiMenu() {
  const [anchor, setAnchor] = useState(null);
  const [done, setDone] = useState([]);
  useReport({ done, open: anchor !== null });
  const choose = (what) => () => {
    setDone((list) => [...list, what]);
    setAnchor(null);
  };
  return (
    <main>
      <h1>Invoice 42</h1>
      <Button
        id="actions-button"
        aria-controls={anchor ? 'actions-menu' : undefined}
        aria-haspopup="true"
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Actions
      </Button>
      <Menu id="actions-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <MenuItem onClick={choose('rename')}>Rename</MenuItem>
        <MenuItem onClick={choose('archive')}>Archive</MenuItem>
        <MenuItem onClick={choose('delete')}>Delete</MenuItem>
      </Menu>
    </main>
  );
}
