import { useState, type MouseEvent } from 'react';
import {
  AppBar,
  Box,
  Button,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Menu,
  MenuItem,
  Toolbar,
  Typography,
  useMediaQuery,
} from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import { Link, NavLink, useLocation } from 'react-router-dom';
import { useLogout } from 'react-admin';
import { Limits } from '../../shared/constants.js';
import { useSessionPermissions, useSessionUser } from '../session/useSession.js';
import { adminEntries, topEntries, type MenuEntry } from './menus.js';

export const MOBILE_QUERY = `(max-width:${Limits.MOBILE_BREAKPOINT_PX - 0.02}px)`;

const navButtonSx = {
  color: 'rgba(255,255,255,0.85)',
  px: 1.5,
  '&.active': { color: '#fff', backgroundColor: 'rgba(255,255,255,0.14)' },
  '&:hover': { backgroundColor: 'rgba(255,255,255,0.1)' },
} as const;

function Brand() {
  return (
    <Typography
      component={Link}
      to="/"
      variant="h6"
      sx={{ color: 'inherit', textDecoration: 'none', fontWeight: 700, letterSpacing: 0.5, mr: 3, display: 'flex', alignItems: 'center', gap: 1 }}
    >
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 28, height: 28 }} />
      Dossier
    </Typography>
  );
}

function AdminMenu({ entries }: { entries: MenuEntry[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const location = useLocation();
  const active = entries.some((e) => location.pathname.startsWith(e.path));
  return (
    <>
      <Button
        sx={navButtonSx}
        className={active ? 'active' : undefined}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        Admin
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} onClick={() => setAnchor(null)}>
        {entries.flatMap((entry) =>
          entry.children
            ? [
                // A group (IAM) is a page of its own (/identity opens its first part) heading its parts.
                <MenuItem key={entry.path} component={Link} to={entry.path} sx={{ fontWeight: 600 }}>
                  {entry.label}
                </MenuItem>,
                ...entry.children.map((child) => (
                  <MenuItem key={child.path} component={Link} to={child.path} sx={{ pl: 4 }}>
                    {child.label}
                  </MenuItem>
                )),
              ]
            : [
                <MenuItem key={entry.path} component={Link} to={entry.path}>
                  {entry.label}
                </MenuItem>,
              ],
        )}
      </Menu>
    </>
  );
}

function UserMenu({ name }: { name: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const logout = useLogout();
  return (
    <>
      <Button
        sx={{ color: '#fff' }}
        startIcon={<AccountCircleIcon />}
        endIcon={<ArrowDropDownIcon />}
        onClick={(event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
      >
        {name}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }} transformOrigin={{ vertical: 'top', horizontal: 'right' }}>
        <MenuItem component={Link} to="/account" onClick={() => setAnchor(null)}>
          Manage
        </MenuItem>
        <MenuItem onClick={() => logout()}>Log Out</MenuItem>
      </Menu>
    </>
  );
}

function MobileMenu({ name, top, admin }: { name: string; top: MenuEntry[]; admin: MenuEntry[] }) {
  const [open, setOpen] = useState(false);
  const logout = useLogout();
  const close = () => setOpen(false);
  const item = (entry: MenuEntry, indent = false) => (
    <ListItemButton key={entry.path} component={NavLink} to={entry.path} onClick={close} sx={indent ? { pl: 4 } : undefined}>
      <ListItemText primary={entry.label} />
    </ListItemButton>
  );
  return (
    <>
      <IconButton color="inherit" edge="end" aria-label="Open menu" onClick={() => setOpen(true)}>
        <MenuIcon />
      </IconButton>
      <Drawer anchor="right" open={open} onClose={close}>
        <Box sx={{ width: 280 }} role="navigation" aria-label="Mobile menu">
          <Typography sx={{ p: 2, fontWeight: 600 }}>{name}</Typography>
          <Divider />
          <List>{top.map((e) => item(e))}</List>
          {admin.length > 0 && (
            <List subheader={<ListSubheader>Admin</ListSubheader>}>
              {admin.flatMap((e) => (e.children ? [item(e), ...e.children.map((c) => item(c, true))] : [item(e)]))}
            </List>
          )}
          <Divider />
          <List>
            {item({ label: 'Manage Account', path: '/account' })}
            <ListItemButton onClick={() => logout()}>
              <ListItemText primary="Log Out" />
            </ListItemButton>
          </List>
        </Box>
      </Drawer>
    </>
  );
}

/** The top navigation: entries by permission, the admin menu when any admin permission is held, the user menu. */
export function TopBar() {
  const { roles } = useSessionPermissions();
  const user = useSessionUser();
  const mobile = useMediaQuery(MOBILE_QUERY);
  const name = user ? `${user.FirstName} ${user.LastName}` : '';
  const top = topEntries(roles);
  const admin = adminEntries(roles);
  return (
    <AppBar position="sticky" color="primary">
      <Toolbar sx={{ gap: 0.5 }}>
        <Brand />
        {mobile ? (
          <>
            <Box sx={{ flex: 1 }} />
            <MobileMenu name={name} top={top} admin={admin} />
          </>
        ) : (
          <>
            <Box component="nav" aria-label="Main" sx={{ display: 'flex', gap: 0.5, flex: 1 }}>
              {top.map((entry) => (
                <Button key={entry.path} component={NavLink} to={entry.path} sx={navButtonSx}>
                  {entry.label}
                </Button>
              ))}
              {admin.length > 0 && <AdminMenu entries={admin} />}
            </Box>
            <UserMenu name={name} />
          </>
        )}
      </Toolbar>
    </AppBar>
  );
}
